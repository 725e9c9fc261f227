"""The one error hierarchy of refbot; the CLI and the API convert these at the edge."""

from __future__ import annotations


class RefbotError(Exception):
    """Base of every error refbot reports to a user."""

    code = "refbot_error"


class ConfigError(RefbotError):
    """A setting is missing or invalid."""

    code = "config_error"


class CorpusError(RefbotError):
    """One or more corpus files are invalid; nothing was written."""

    code = "corpus_error"

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class OutputError(RefbotError):
    """A file to write or an address to listen on cannot be used."""

    code = "output_error"


class ModelError(RefbotError):
    """The embedding model cannot be loaded."""

    code = "model_error"


class IndexMissing(RefbotError):
    """No index has been built yet."""

    code = "index_missing"


class IndexCorrupt(RefbotError):
    """The index files are damaged or incomplete."""

    code = "index_corrupt"


class IndexUnwritable(RefbotError):
    """The index folder cannot be written (permissions, a full disk)."""

    code = "index_unwritable"


class BuildInProgress(RefbotError):
    """Another `refbot build` holds the index folder's lock for too long."""

    code = "build_in_progress"


class IndexMismatch(RefbotError):
    """The index was built with another model, format or corpus."""

    code = "index_mismatch"


class QuestionError(RefbotError):
    """A question is empty or too long."""

    code = "bad_question"

    def __init__(self, message: str, code: str = "bad_question") -> None:
        super().__init__(message)
        self.code = code


class UnknownClause(RefbotError):
    """No clause has that id."""

    code = "not_found"


class UnknownUpload(RefbotError):
    """No staged upload has that id (on the admin page)."""

    code = "not_found"


class EvalError(RefbotError):
    """An evaluation file is malformed."""

    code = "eval_error"


class RuleError(RefbotError):
    """A rule was asked with missing or impossible inputs (a die of 7, a negative Movement)."""

    code = "rule_error"

    def __init__(
        self,
        message: str,
        param: str | None = None,
        reason: str = "invalid_input",
        allowed: tuple[int | None, int | None] | None = None,
        dice: int | None = None,
    ) -> None:
        super().__init__(message)
        self.param = param
        # What went wrong, for messages in other languages: missing_input, invalid_input, ...
        self.reason = reason
        # For an impossible value, the range the input takes (lowest, highest; None: no bound).
        self.allowed = allowed
        # For a roll given with more or fewer dice than the rule rolls here: the dice it rolls.
        self.dice = dice


class UnknownRule(RefbotError):
    """No rule, or no edition of it, has that id."""

    code = "unknown_rule"


class ProvenanceMissing(RefbotError):
    """The corpus no longer contains a clause that states a rule."""

    code = "provenance_missing"


class DocumentError(RefbotError):
    """A file given to `refbot add` cannot be imported; nothing was written."""

    code = "document_error"

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: {problem}")


class InteractionRefused(RefbotError):
    """A request to the Discord endpoint is unsigned, badly signed, stale or replayed (401)."""

    code = "unauthorized"

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        # unsigned, malformed, bad_signature, stale or replayed: what the log says.
        self.reason = reason


class BadInteraction(RefbotError):
    """A signed Discord interaction refbot cannot read (400)."""

    code = "bad_interaction"


class DiscordError(RefbotError):
    """Discord refused a request of `refbot discord register`, or could not be reached."""

    code = "discord_error"


class StoreError(RefbotError):
    """The question log's database cannot be opened or written."""

    code = "store_error"


class UnknownAnswer(RefbotError):
    """No recorded answer has that id (never given, or purged)."""

    code = "not_found"


class InvalidFeedback(RefbotError):
    """Feedback that cannot be kept as given (a correction too long)."""

    code = "invalid_parameter"


class InvalidSince(RefbotError):
    """A report's start is neither a date nor a number of days."""

    code = "invalid_parameter"


class InvalidLanguage(RefbotError):
    """A language option or parameter that is not a known ISO 639-1 code (`--faq xx`)."""

    code = "invalid_parameter"


def one_line(problem: Exception) -> str:
    """Return an error's lines joined by "; ", for a one-line message."""
    return "; ".join(line.strip() for line in str(problem).splitlines() if line.strip())
