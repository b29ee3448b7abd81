"""The campaign: levels, the NPCs, and a save file that survives crashes, bad contents,
stale tabs, a classmate's name and two processes saving at once."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game, play_out
from wartutor.variants.arsenal import ARSENAL, Campaign, arsenal_card, arsenal_cards
from wartutor.variants.arsenal.agents import (
    AGENTS,
    beaters_table,
    careful_answer,
    careful_lead,
    lead_outlook,
    worth_table,
)
from wartutor.variants.arsenal.cards import standard_deck
from wartutor.variants.arsenal.levels import LEVELS
from wartutor.variants.arsenal.progress import (
    DATA_DIR_VARIABLE,
    FILE_NAME,
    LOCK_WAIT,
    STALE_AFTER,
    Progress,
    ProgressFile,
    default_data_dir,
    owner_file_name,
)

REPO = Path(__file__).resolve().parents[1]


# Levels and progress


def test_ten_levels_each_with_its_own_look_and_a_more_careful_npc() -> None:
    assert [lv.number for lv in LEVELS] == list(range(1, 11))
    for field in ("name", "npc_name", "arena", "back", "pattern"):
        assert len({getattr(lv, field) for lv in LEVELS}) == 10, field
    cares = [(lv.style.answer_care, lv.style.lead_care) for lv in LEVELS]
    assert cares == sorted(cares) and cares[0] == (0.0, 0.0) and cares[-1] == (1.0, 1.0)


def test_winning_a_match_opens_the_next_level_and_level_ten_clears(tmp_path: Path) -> None:
    campaign = Campaign(tmp_path)
    assert campaign.open_levels() == (1,) and campaign.message is None
    assert campaign.record(1, won=False).newly_opened is None
    with pytest.raises(BadInput, match=r"level 2 \(Harbour Docks\) is locked: win level 1"):
        campaign.check_open(2)
    result = campaign.record(1, won=True)
    assert (result.unlocked, result.newly_opened, result.cleared_now) == (2, 2, False)
    for number in range(2, 11):
        result = campaign.record(number, won=True)
    assert result.cleared_now and campaign.progress.cleared
    assert campaign.record(10, won=True).cleared_now is False  # cleared once
    again = Campaign(tmp_path)
    assert again.progress == campaign.progress
    assert again.progress.wins == (1, 1, 1, 1, 1, 1, 1, 1, 1, 2)
    assert again.progress.losses == (1, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_a_locked_or_missing_level_cannot_be_recorded(tmp_path: Path) -> None:
    campaign = Campaign(tmp_path)
    with pytest.raises(BadInput, match="is locked"):
        campaign.record(3, won=True)
    with pytest.raises(BadInput, match="there is no level 11"):
        campaign.level(11)
    assert not (tmp_path / FILE_NAME).exists()


def test_the_data_folder_comes_from_the_argument_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(tmp_path / "from-env"))
    assert default_data_dir() == tmp_path / "from-env"
    Campaign().record(1, won=True)
    assert (tmp_path / "from-env" / FILE_NAME).exists()
    assert ProgressFile(tmp_path / "given").path == tmp_path / "given" / FILE_NAME
    monkeypatch.delenv(DATA_DIR_VARIABLE)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_data_dir() == tmp_path / "xdg" / "wartutor"


# A save that cannot be used is set aside, never deleted


@pytest.mark.parametrize(("contents", "problem"), [
    (b"{ not json", "it is not valid JSON"),
    (b'{"format": "something-else"}', "it is not an Arsenal progress file"),
    (b'{"format": "wartutor-arsenal-progress", "version": 99}', "its version 99 is unknown"),
    (Progress(unlocked=3).to_json().replace('"unlocked": 3', '"unlocked": 12').encode(),
     "its unlocked level 12 does not exist"),
    (Progress().to_json().replace('"cleared": false', '"cleared": true').encode(),
     "its 'cleared' mark True does not fit its levels"),
    (b"\xff\xfe\x00garbage", "is not UTF-8 text"),
])
def test_a_corrupt_save_is_kept_aside_and_a_fresh_campaign_starts(
    tmp_path: Path, contents: bytes, problem: str
) -> None:
    (tmp_path / FILE_NAME).write_bytes(contents)
    campaign = Campaign(tmp_path)
    assert campaign.progress == Progress()
    assert campaign.message is not None and problem in campaign.message
    assert "a fresh campaign starts at level 1" in campaign.message
    (kept,) = tmp_path.glob("arsenal-progress.unreadable-*.json")
    assert kept.read_bytes() == contents and kept.name in campaign.message
    assert str(tmp_path) not in campaign.message  # the folder is never named
    assert not (tmp_path / FILE_NAME).exists()
    campaign.record(1, won=True)  # the fresh campaign saves normally, beside the kept file
    assert Campaign(tmp_path).progress.unlocked == 2 and kept.read_bytes() == contents


def test_two_corrupt_saves_are_both_kept(tmp_path: Path) -> None:
    for garbage in (b"first", b"second"):
        (tmp_path / FILE_NAME).write_bytes(garbage)
        Campaign(tmp_path)
    kept = sorted(p.read_bytes() for p in tmp_path.glob("arsenal-progress.unreadable-*.json"))
    assert kept == [b"first", b"second"]


def test_a_save_that_cannot_be_moved_aside_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"garbage")

    def refuse(source: Any, target: Any) -> None:
        raise PermissionError("read-only folder")

    monkeypatch.setattr(os, "replace", refuse)
    campaign = Campaign(tmp_path)
    assert campaign.message and "could not be moved aside either" in campaign.message
    campaign.record(1, won=True)
    assert campaign.message and "could not be saved" in campaign.message
    assert campaign.progress.unlocked == 2  # kept for this session
    assert (tmp_path / FILE_NAME).read_bytes() == b"garbage"
    assert saved_files(tmp_path) == [FILE_NAME]  # no temporary file left


def saved_files(folder: Path) -> list[str]:
    """The folder's files but the lock beside each save (made once, kept for good)."""
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(".lock"))


# A save killed halfway: a real process, really killed

CHILD = textwrap.dedent("""
    import os, sys, time
    from wartutor.variants.arsenal import progress
    folder, where = sys.argv[1], sys.argv[2]

    def stall() -> None:
        print("stalled", flush=True)
        time.sleep(60)

    if where == "half-written":
        real_fdopen = os.fdopen

        class HalfWriter:
            def __init__(self, handle):
                self.handle = handle
            def __enter__(self):
                return self
            def __exit__(self, *exc):
                self.handle.close()
            def write(self, text):
                self.handle.write(text[: len(text) // 2])
                self.handle.flush()
                stall()

        progress.os.fdopen = lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k))
    elif where == "before-rename":
        progress.os.fsync = lambda fd: stall()
    file = progress.ProgressFile(folder)
    if where == "loop":
        print("stalled", flush=True)
        n = 0
        while True:
            n += 1
            file.save(progress.Progress(unlocked=2 + n % 8, wins=(n,) + (0,) * 9))
    file.save(progress.Progress(unlocked=9, wins=(9,) * 9 + (0,)))
""")


def start_saving(folder: Path, where: str) -> subprocess.Popen[str]:
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), where],
                             stdout=subprocess.PIPE, text=True, cwd=REPO,
                             env={**os.environ, "PYTHONPATH": str(REPO)})
    assert child.stdout is not None
    assert child.stdout.readline() == "stalled\n"
    return child


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    assert child.wait(timeout=10) == -signal.SIGKILL
    if child.stdout:
        child.stdout.close()


@pytest.mark.parametrize("where", ["half-written", "before-rename"])
def test_a_save_killed_in_the_middle_leaves_the_old_progress_whole(
    tmp_path: Path, where: str
) -> None:
    old = Progress(unlocked=3, wins=(1, 1) + (0,) * 8)
    ProgressFile(tmp_path).save(old)
    child = start_saving(tmp_path, where)
    temporary = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert temporary, "the child should be stopped while writing its temporary file"
    kill(child)
    assert ProgressFile(tmp_path).load() == (old, None)
    # The next save works, and the left-over temporary file is never mistaken for progress.
    Campaign(tmp_path).record(3, won=True)
    assert Campaign(tmp_path).progress.unlocked == 4


def test_a_save_killed_at_random_moments_is_always_whole(tmp_path: Path) -> None:
    ProgressFile(tmp_path).save(Progress())
    for delay in (0.0, 0.003, 0.011, 0.02, 0.037, 0.05):
        child = start_saving(tmp_path, "loop")
        time.sleep(delay)
        kill(child)
        progress, message = ProgressFile(tmp_path).load()
        assert message is None and 1 <= progress.unlocked <= 9


def backdate(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_the_temporary_file_of_a_killed_save_is_removed_by_the_next_load(
    tmp_path: Path,
) -> None:
    old = Progress(unlocked=2, wins=(1,) + (0,) * 9)
    ProgressFile(tmp_path).save(old)
    kill(start_saving(tmp_path, "before-rename"))
    (left,) = tmp_path.glob(f".{FILE_NAME}.*.tmp")
    backdate(left, STALE_AFTER + 1)
    assert ProgressFile(tmp_path).load() == (old, None)
    assert not list(tmp_path.glob("*.tmp"))


def test_ninety_five_left_over_temporary_files_are_all_removed(tmp_path: Path) -> None:
    ProgressFile(tmp_path).save(Progress())
    for n in range(95):
        left = tmp_path / f".{FILE_NAME}.{n:04}.tmp"
        left.write_text('{"format": "wartutor-arsen', encoding="utf-8")
        backdate(left, 3600)
    assert ProgressFile(tmp_path).load() == (Progress(), None)
    assert saved_files(tmp_path) == [FILE_NAME]


def test_the_temporary_file_of_a_save_still_under_way_is_left_alone(tmp_path: Path) -> None:
    writing = tmp_path / f".{FILE_NAME}.k3j9.tmp"  # another kernel's save, a moment old
    writing.write_text("{", encoding="utf-8")
    assert ProgressFile(tmp_path).load() == (Progress(), None)
    assert writing.exists()


# The NPCs


def view_for(npc_hand: str, lead: str | None, *, you: str = "SH-PR CB-ML AS-MC") -> Any:
    stacked = (you, npc_hand, "", "you")
    game = Game.new(ARSENAL, ARSENAL.rules_type(hand_size=3), 0, stacked)
    if lead:
        game = game.play(f"play {lead}")
    return ARSENAL.view(game.state, 1)


def test_a_careful_answer_is_the_cheapest_winner() -> None:
    view = view_for("NK-SF KV-PR CS-SO", "CB-ML")  # the Nuke and the Counter-Strike both win
    assert careful_answer(view) == arsenal_card("CS-SO")


def test_with_no_winner_a_careful_answer_throws_the_least_valuable_card() -> None:
    view = view_for("DY-PR KV-PR BW-PR", "SH-PR")  # nothing beats a cap-3 shield here
    assert careful_answer(view) == arsenal_card("DY-PR")


def test_worth_counts_the_cards_beaten() -> None:
    worth = worth_table(standard_deck())
    assert worth[arsenal_card("MT-SF")] == 89 and worth[arsenal_card("DY-PR")] == 0


def test_a_careful_leader_counts_the_cards_it_has_seen() -> None:
    # No pile: the six cards dealt are the whole deck, so the NPC knows your hand holds
    # three Nukes. Its Meteor is sure to win and its Chemical Bomb sure to lose.
    deal = ("NK-SO NK-SD NK-MC", "MT-SF DY-PR CB-PR", "", "npc")
    view = ARSENAL.view(Game.new(ARSENAL, ARSENAL.rules_type(hand_size=3), 0, deal).state, 1)
    worth, beaters = worth_table(view.deck), beaters_table(view.deck)
    assert set(view.unseen()) == set(arsenal_cards("NK-SO NK-SD NK-MC"))
    unseen = tuple(sorted(view.unseen(), key=worth.__getitem__))  # cheapest first
    for card, outlook in (("MT-SF", (1.0, 2.0)), ("CB-PR", (0.0, 2.0))):
        led = arsenal_card(card)
        assert lead_outlook(led, unseen, 3, worth, beaters[led]) == outlook
    # Either way a Nuke worth 2 is spent; the Meteor is worth 5, the Dynamite nothing: so it
    # throws the Dynamite now and keeps the Meteor for later.
    assert careful_lead(view, LEVELS[-1].style) == arsenal_card("DY-PR")


@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_the_agents_play_whole_matches_legally(name: str) -> None:
    for seed in range(3):
        game = play_out(Game.new(ARSENAL, seed=seed), {p: AGENTS[name](p, seed) for p in (0, 1)})
        assert game.outcome is not None


def test_a_careful_npc_beats_a_random_player_most_of_the_time() -> None:
    wins = 0
    for seed in range(12):
        agents = {0: AGENTS["random"](0, seed), 1: LEVELS[7].npc_agent(1, seed)}
        wins += play_out(Game.new(ARSENAL, seed=seed), agents).outcome.winners == (1,)  # type: ignore[union-attr]
    assert wins >= 10


# Whose campaign: a browser's, never a typed name's

ADA_BROWSER, IMPOSTOR_BROWSER = "a" * 40, "b" * 40  # two browsers' key hashes (key_id)


def test_typing_a_classmates_name_does_not_open_their_campaign(tmp_path: Path) -> None:
    ada = Campaign(tmp_path, owner=ADA_BROWSER)
    ada.rename("Ada")
    ada.record(1, won=True)
    impostor = Campaign(tmp_path, owner=IMPOSTOR_BROWSER)
    impostor.rename("Ada")  # the same name, typed in another browser
    assert impostor.file.path != ada.file.path
    assert impostor.open_levels() == (1,) and impostor.label == "Ada"
    impostor.record(1, won=False)
    again = Campaign(tmp_path, owner=ADA_BROWSER)
    assert again.open_levels() == (1, 2) and again.progress.losses == (0,) * 10
    assert Campaign(tmp_path).open_levels() == (1,)  # and the folder's own is untouched


def test_the_name_is_only_a_label_kept_inside_the_file(tmp_path: Path) -> None:
    campaign = Campaign(tmp_path, owner=ADA_BROWSER)
    assert campaign.label == "" and campaign.rename("  Ada   Lovelace ") == "Ada Lovelace"
    assert campaign.file.path.name == owner_file_name(ADA_BROWSER)  # not named after her
    assert "Ada" not in campaign.file.path.name
    assert Campaign(tmp_path, owner=ADA_BROWSER).label == "Ada Lovelace"


@pytest.mark.parametrize("name", ["", "   ", "a" * 21, "Ada\x00", "Ada\u202e"])
def test_a_name_that_cannot_label_a_campaign_is_refused(tmp_path: Path, name: str) -> None:
    campaign = Campaign(tmp_path, owner=ADA_BROWSER)
    with pytest.raises(BadInput):
        campaign.rename(name)
    assert campaign.label == "" and not campaign.file.path.exists()


def test_a_label_that_fails_the_check_is_dropped_not_the_campaign(tmp_path: Path) -> None:
    saved = Progress(unlocked=3).to_json().replace('"label": ""', '"label": "' + "x" * 500 + '"')
    (tmp_path / FILE_NAME).write_text(saved)
    campaign = Campaign(tmp_path)
    assert campaign.progress == Progress(unlocked=3) and campaign.message is None


def test_a_save_from_before_labels_still_opens(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"format": "wartutor-arsenal-progress", "version": 1, '
                                      '"unlocked": 2, "cleared": false, "wins": [1, 0, 0, 0, '
                                      '0, 0, 0, 0, 0, 0], "losses": [0, 0, 0, 0, 0, 0, 0, 0, '
                                      '0, 0]}')
    assert Campaign(tmp_path).open_levels() == (1, 2)


def test_a_broken_save_sets_back_only_its_own_browser(tmp_path: Path) -> None:
    Campaign(tmp_path, owner=ADA_BROWSER).record(1, won=True)
    bo = Campaign(tmp_path, owner=IMPOSTOR_BROWSER)
    bo.record(1, won=True)
    bo.file.path.write_text("not a save")
    again = Campaign(tmp_path, owner=IMPOSTOR_BROWSER)
    assert again.open_levels() == (1,) and "could not be used" in (again.message or "")
    assert Campaign(tmp_path, owner=ADA_BROWSER).open_levels() == (1, 2)


def test_a_page_that_finds_its_save_broken_saves_what_it_holds(tmp_path: Path) -> None:
    page = Campaign(tmp_path, owner=ADA_BROWSER)
    page.record(1, won=True)
    page.file.path.write_text("not a save")  # broken while the page was open
    page.record(2, won=False)
    assert page.message and "could not be used" in page.message
    assert list(tmp_path.glob("*.unreadable-*.json"))  # kept aside, as always
    saved = Campaign(tmp_path, owner=ADA_BROWSER).progress
    assert saved.unlocked == 2 and saved.wins[0] == 1 and saved.losses[1] == 1


@pytest.mark.parametrize("owner", ["Ada", "../../etc/passwd", "A" * 40, "a" * 39, "a" * 41,
                                   "a" * 39 + "/", 40])
def test_only_a_browsers_id_names_a_save_file(tmp_path: Path, owner: Any) -> None:
    with pytest.raises(BadInput, match="is not a browser's id"):
        Campaign(tmp_path, owner=owner)
    assert list(tmp_path.iterdir()) == []


# A stale tab never rolls a campaign back


def test_a_stale_record_never_rolls_a_campaign_back(tmp_path: Path) -> None:
    older = Campaign(tmp_path, owner=ADA_BROWSER)  # a tab opened at level 1, then left
    newer = Campaign(tmp_path, owner=ADA_BROWSER)
    for level in (1, 2, 3):
        newer.record(level, won=True)
    assert older.open_levels() == (1,)  # it has not looked since
    lost = older.record(1, won=False)
    assert lost.unlocked == 4 and older.open_levels() == (1, 2, 3, 4)
    won = older.record(1, won=True)
    assert won.newly_opened is None  # level 1 was beaten already, in the other tab
    saved = Campaign(tmp_path, owner=ADA_BROWSER).progress
    assert saved.unlocked == 4
    assert saved.wins[:4] == (2, 1, 1, 0) and saved.losses[0] == 1  # every match counted


def test_an_old_record_saved_over_a_newer_one_keeps_the_furthest(tmp_path: Path) -> None:
    file = ProgressFile(tmp_path)
    ahead = Progress(unlocked=10, cleared=True, wins=(1,) * 10, label="Ada")
    file.save(ahead)
    behind = Progress(unlocked=2, wins=(5,) + (0,) * 9, losses=(0, 7) + (0,) * 8)
    assert file.save(behind) == ProgressFile(tmp_path).load()[0] == Progress(
        unlocked=10, cleared=True, wins=(5,) + (1,) * 9, losses=(0, 7) + (0,) * 8, label="Ada")


def test_a_tab_picks_up_the_levels_another_tab_opened(tmp_path: Path) -> None:
    older, newer = Campaign(tmp_path), Campaign(tmp_path)
    newer.record(1, won=True)
    newer.rename("Ada")
    older.refresh()
    assert older.open_levels() == (1, 2) and older.label == "Ada"


def test_a_save_that_waits_too_long_for_the_lock_says_so_and_keeps_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wartutor.variants.arsenal import progress

    monkeypatch.setattr(progress, "LOCK_WAIT", 0.2)
    campaign = Campaign(tmp_path)
    with ProgressFile(tmp_path)._locked():  # another page, saving for ever
        campaign.record(1, won=True)
    assert campaign.message is not None and "could not be saved" in campaign.message
    assert "held the campaign for 0.2 seconds" in campaign.message
    assert campaign.open_levels() == (1, 2)  # kept for this page
    campaign.record(2, won=True)  # the lock is free again: both matches reach the file
    assert Campaign(tmp_path).open_levels() == (1, 2, 3) and campaign.message is None
    assert LOCK_WAIT >= 5  # a real save waits long enough for any other to finish


# Two processes saving at once: real processes, the real lock

MATCHES = 40


def play_level_one(folder: Path, owner: str, start: Any, seat: int) -> None:
    campaign = Campaign(folder, owner=owner)  # opened before the others play: soon stale
    start.wait()
    for n in range(MATCHES):
        campaign.record(1, won=(n + seat) % 2 == 0)


def climb(folder: Path, owner: str, start: Any) -> None:
    campaign = Campaign(folder, owner=owner)
    start.wait()
    for level in range(1, 11):
        campaign.record(level, won=True)


@pytest.mark.skipif(sys.platform == "win32", reason="fork starts the processes quickly")
def test_two_processes_saving_at_once_lose_nothing(tmp_path: Path) -> None:
    context = multiprocessing.get_context("fork")
    start = context.Barrier(4)
    players = [context.Process(target=play_level_one, args=(tmp_path, ADA_BROWSER, start, seat))
               for seat in range(3)]
    players.append(context.Process(target=climb, args=(tmp_path, ADA_BROWSER, start)))
    for player in players:
        player.start()
    for player in players:
        player.join(timeout=120)
        assert player.exitcode == 0
    saved = Campaign(tmp_path, owner=ADA_BROWSER)
    assert saved.message is None
    assert saved.progress.unlocked == 10 and saved.progress.cleared  # the climb, whole
    wins_at_one = 3 * MATCHES // 2 + 1  # half of each player's, and the climber's
    assert saved.progress.wins == (wins_at_one,) + (1,) * 9
    assert saved.progress.losses == (3 * MATCHES // 2,) + (0,) * 9
