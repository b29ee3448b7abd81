"""The one error type for bad input: an illegal action, a bad ruling, a broken file."""


class BadInput(ValueError):
    """Raised for any input the package refuses; nothing has changed when it is raised.

    The message says what was wrong and what is allowed, so that a student who
    pressed the wrong thing, or a teacher who typed a wrong setting, can fix it:

    >>> raise BadInput("'jump' is not a move in classic War", allowed="'turn'")
    Traceback (most recent call last):
    ...
    wartutor.core.errors.BadInput: 'jump' is not a move in classic War. Allowed: 'turn'.
    """

    def __init__(self, problem: str, *, allowed: str) -> None:
        self.problem = problem
        self.allowed = allowed
        super().__init__(f"{problem.rstrip('.')}. Allowed: {allowed.rstrip('.')}.")
