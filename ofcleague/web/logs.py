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


#: The logger of requests with a Host header the site does not answer to.
DISALLOWED_HOST = "django.security.DisallowedHost"


def logging_settings():
    """Every record to standard error (through the root logger, so tests' ``caplog`` sees
    them too); Django's errors besides mailed to ADMINS, but for a wrong Host."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
            "not_disallowed_host": {"()": "ofcleague.web.logs.NotDisallowedHost"},
        },
        "formatters": {
            "site": {
                "()": "ofcleague.web.logs.SiteFormatter",
                "format": "%(levelname)s %(name)s: %(message)s",
            },
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "site"},
            "mail_admins": {
                "class": "django.utils.log.AdminEmailHandler",
                "level": "ERROR",
                "filters": ["require_debug_false", "not_disallowed_host"],
            },
        },
        "root": {"handlers": ["console"], "level": "WARNING"},
        "loggers": {
            # Server errors (500): to standard error (the root's handler) and mailed to ADMINS.
            "django": {"handlers": ["mail_admins"], "level": "WARNING", "propagate": True},
        },
    }


class SiteFormatter(logging.Formatter):
    """The standard format, but a wrong Host in one line: the message, never its traceback."""

    def format(self, record):
        if record.name != DISALLOWED_HOST:
            return super().format(record)
        record = logging.makeLogRecord({**record.__dict__, "exc_info": None, "exc_text": None})
        return super().format(record).replace("\n", " ")


class NotDisallowedHost(logging.Filter):
    """No mail for a wrong Host: scanners send them all day."""

    def filter(self, record):
        return record.name != DISALLOWED_HOST
