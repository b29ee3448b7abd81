"""Golden playthroughs: one readable seeded game per variant, regenerated and diffed."""
