"""The class server behind ``make class`` (``python -m wartutor.serve``): Voilà, standalone,
configured and given a few handlers of its own, so that a class can share one machine
safely. One job per module:

- :mod:`.passwords` and :mod:`.words`: made-up three-word passwords, compared in constant
  time; :mod:`.throttle`: wrong passwords slow their sender down;
- :mod:`.login`: the door (the class password, the teacher's), no token in an address;
- :mod:`.ledger`: which browser holds which page's kernel, and whether one more may open;
- :mod:`.kernels`: the kernel cap in all, and idle pages culled;
- :mod:`.pages`: the page, websocket and shut-down handlers that use the ledger;
- :mod:`.notices`: the pages shown instead of an app (the door, "the class server is full");
- :mod:`.compress`: responses gzipped, each of Voilà's scripts and styles compressed once;
- :mod:`.settings`: every setting, as the config Voilà reads; :mod:`.remember`: the cookie
  key and made-up passwords kept between restarts; :mod:`.app`: Voilà with the swaps.

Nothing here is imported by the apps; the server tells their kernels what they need in
their environment (see :mod:`wartutor.serve`).
"""
