"""Where the site's messages go: standard error (gunicorn and systemd's journal pick it up) and,
for server errors, a mail to ``ADMINS``.

A request with a Host header the site does not answer to (a scanner asking by IP address, a
misconfigured proxy) is logged in one line, without Django's traceback and without a mail.
"""

import logging
from email.utils import getaddresses

#: The site's one time zone: Django's TIME_ZONE, and the time of gunicorn's log lines in the
#: master process and in every worker alike (ofcleague/web/access_log.py).
SITE_TIME_ZONE = "Europe/Berlin"


def admins_from(value):
    """``ADMINS`` from the environment: addresses separated by commas, each with or without a
    name (``Ada <ada@example.org>, ops@example.org``), as Django's list of (name, address)."""
    pairs = getaddresses([value or ""])
    return [(name or address, address) for name, address in pairs if "@" in address]


def logging_settings():
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
        "formatters": {
            "line": {"format": "%(levelname)s %(name)s: %(message)s"},
            "one_line": {
                "()": "ofcleague.web.logs.OneLineFormatter",
                "format": "%(levelname)s %(name)s: %(message)s",
            },
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "line"},
            "console_one_line": {"class": "logging.StreamHandler", "formatter": "one_line"},
            "mail_admins": {
                "class": "django.utils.log.AdminEmailHandler",
                "level": "ERROR",
                "filters": ["require_debug_false"],
            },
        },
        "root": {"handlers": ["console"], "level": "WARNING"},
        "loggers": {
            # Server errors (500): to standard error and mailed to ADMINS.
            "django": {
                "handlers": ["console", "mail_admins"],
                "level": "WARNING",
                "propagate": False,
            },
            "django.security.DisallowedHost": {
                "handlers": ["console_one_line"],
                "level": "ERROR",
                "propagate": False,
            },
        },
    }


class OneLineFormatter(logging.Formatter):
    """The message only, never the traceback attached to it."""

    def format(self, record):
        record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        return super().format(record).replace("\n", " ")
