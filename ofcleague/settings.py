"""Settings for OFC League, read from the environment.

Secure by default: DEBUG is off unless the environment turns it on, and without DEBUG
the site refuses to start with no real SECRET_KEY or ALLOWED_HOSTS.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from ofcleague.web.cache_setup import cache_settings
from ofcleague.web.logs import SITE_TIME_ZONE, admins_from, logging_settings
from ofcleague.web.security import trusted_proxy_count

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default=False):
    """Read a yes/no environment variable ("1", "true", "yes", "on" mean yes)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _port(value, default):
    if not (value or "").strip():
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"EMAIL_PORT must be a number, not {value!r}.") from None


def email_settings(environ, debug):
    """Django's e-mail settings from the environment: ``EMAIL_URL`` or ``EMAIL_HOST`` and its
    companions select SMTP; without either, development prints mails and production hands
    them to a relay on the server itself (SMTP to localhost, port 25)."""
    url = environ.get("EMAIL_URL", "").strip()
    if url:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        if parts.scheme not in {"smtp", "smtps", "console"}:
            raise ImproperlyConfigured("EMAIL_URL must start with smtp://, smtps:// or console://.")
        if parts.scheme == "console":
            return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
        ssl = parts.scheme == "smtps" or query.get("ssl", [""])[0] in {"1", "true", "yes"}
        tls = not ssl and query.get("tls", [""])[0] in {"1", "true", "yes"}
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": parts.hostname or "localhost",
            "EMAIL_PORT": parts.port or (465 if ssl else 587 if tls else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": tls,
            "EMAIL_USE_SSL": ssl,
            "EMAIL_TIMEOUT": 20,
        }
    host = environ.get("EMAIL_HOST", "").strip()
    if not host:
        if debug:
            return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
        # Production without a mail server: Django's SMTP to localhost (a local relay).
        return {"EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend", "EMAIL_TIMEOUT": 20}

    def yes(name):
        return environ.get(name, "").strip().lower() in {"1", "true", "yes", "on"}

    ssl = yes("EMAIL_USE_SSL")
    tls = not ssl and yes("EMAIL_USE_TLS")
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": host,
        "EMAIL_PORT": _port(environ.get("EMAIL_PORT"), 465 if ssl else 587 if tls else 25),
        "EMAIL_HOST_USER": environ.get("EMAIL_HOST_USER", ""),
        "EMAIL_HOST_PASSWORD": environ.get("EMAIL_HOST_PASSWORD", ""),
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
        "EMAIL_TIMEOUT": 20,
    }


def env_list(name, default=""):
    """Read a comma-separated environment variable into a list without blanks."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG")

DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / "var"))

# From the environment only: every app server of a site needs the same key (sessions, links in
# mails), so production refuses to start without one instead of making one per machine.
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "Set SECRET_KEY in the environment (or DEBUG=1 for development). Make one with: "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    SECRET_KEY = "insecure-development-key-only-used-with-debug"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS in the environment, e.g. league.example.org.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "simple_history",
    "axes",
    # Accounts: sign-up with a confirmed e-mail address, password reset (no social accounts).
    "allauth",
    "allauth.account",
    "csp",
    # Long imports and undoing one run as tasks, kept in the database (manage.py db_worker).
    "django_tasks",
    "django_tasks_db",
    "ofcleague.web",
    "ofcleague.league",
    "ofcleague.backup",
    "ofcleague.rules",
    "ofcleague.table",
    "ofcleague.money",
    "ofcleague.rsvp",
    "ofcleague.results",
    "ofcleague.standings",
    "ofcleague.records",
    "ofcleague.embeds",
    "ofcleague.members",
]

MIDDLEWARE = [
    # First: the health check answers before the host is validated (ofcleague/web/health.py).
    "ofcleague.web.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Below WhiteNoise (its files are compressed ahead), above everything that writes a body.
    "django.middleware.gzip.GZipMiddleware",
    # django-csp's policy, built once (ofcleague/web/middleware.py).
    "ofcleague.web.middleware.ContentSecurityPolicyMiddleware",
    # Every answer to a logged-in user: Cache-Control private, no-store; and no answer that
    # sets a cookie public. Above the session middleware, which sets and deletes cookies.
    "ofcleague.web.middleware.PrivatePagesMiddleware",
    # Whose page it is, for the service worker (ofcleague/web/offline.py); above the session.
    "ofcleague.web.offline.OfflineAudienceMiddleware",
    # A live evening's follower without a session: the 304 or the shared part from one
    # query, before the session, the user and the view (ofcleague/results/live_part.py).
    "ofcleague.results.live_part.LivePartMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "ofcleague.web.language.LeagueLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # Django's CSRF check, taking the pages without a Referer into account (web/csrf.py).
    "ofcleague.web.csrf.SiteCsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "ofcleague.web.members_only.MembersOnlyMiddleware",
    # Which league the path names, and whether the visitor may read it (ofcleague/urls/).
    "ofcleague.urls.middleware.LeagueMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes requires: it turns a lockout into its 429 response.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "ofcleague.urls"
WSGI_APPLICATION = "ofcleague.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "ofcleague.members.context.league",
            ],
        },
    },
]

# The embedded default is one SQLite file under var/; DATABASE_URL selects PostgreSQL.
# Connections are kept for ten minutes (opening one costs more than the whole middleware),
# checked before each request's first query.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{DATA_DIR / 'ofcleague.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite creates the file but not its folder.
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
    # Django's backend, whose health check also notices a replaced database file.
    DATABASES["default"]["ENGINE"] = "ofcleague.web.sqlite"
    # WAL lets readers run beside a writer; IMMEDIATE makes writers queue instead of
    # failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL",
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    # First, so a locked-out login is refused before the password is even checked.
    "axes.backends.AxesStandaloneBackend",
    # Entering results is a role in the request's league (ofcleague/league/roles.py).
    "ofcleague.league.roles.LeagueRoleBackend",
    "django.contrib.auth.backends.ModelBackend",
    # Logging in by e-mail address (django-allauth).
    "allauth.account.auth_backends.AuthenticationBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["ofcleague.formats"]
TIME_ZONE = SITE_TIME_ZONE
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Where collectstatic writes (make release): the checkout's staticfiles/ unless STATIC_ROOT names
# another folder (make cluster keeps its servers' files in its own).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "front"
LOGOUT_REDIRECT_URL = "front"

# Accounts (django-allauth, ofcleague/members/accounts.py): one signs up with an e-mail address
# and a password and confirms the address before the first login; one logs in by the address or
# by the user name (accounts made in the admin have one, and maybe no address).
ACCOUNT_ADAPTER = "ofcleague.members.accounts.AccountAdapter"
ACCOUNT_FORMS = {
    "login": "ofcleague.members.account_forms.LoginForm",
    "signup": "ofcleague.members.account_forms.SignupForm",
}
ACCOUNT_LOGIN_METHODS = {"email", "username"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
# Kept logged in as before (the session's two weeks): no "remember me" box.
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_LOGOUT_REDIRECT_URL = LOGOUT_REDIRECT_URL
# A reset asked for an unknown address mails nobody (the site writes to its accounts only).
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"

# E-mail (the confirmation and password reset mails). EMAIL_URL names the server in one line
# (smtp://user:password@mail.example.org:587?tls=1, smtps://... for TLS from the start), or
# EMAIL_HOST, EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS / EMAIL_USE_SSL do.
# With DEBUG and no server the mails are printed to the console.
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "OFC League <noreply@localhost>")
SERVER_EMAIL = os.environ.get("SERVER_EMAIL", DEFAULT_FROM_EMAIL)
globals().update(email_settings(os.environ, DEBUG))
# Backups keep times to the microsecond (ofcleague/backup/backup_json.py).
SERIALIZATION_MODULES = {"backup-json": "ofcleague.backup.backup_json"}

# Tasks (django-tasks, Django's Tasks API): every mail, an import of many rows and undoing an
# import run outside the request, kept in the database; `manage.py db_worker` runs them (`make
# run` starts one beside runserver; production runs it as a service of its own).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# The waits (seconds) before each new try of a mail the mail server refused; after the last one
# the mail is failed and listed in the admin (ofcleague/web/mail_queue.py).
MAIL_RETRY_SECONDS = [60, 300, 1800, 7200, 21600]

# The benchmarks' floor pages, an empty page and an empty frame (ofcleague/web/floor.py).
FLOOR_PAGES = env_bool("FLOOR_PAGES")

# The address of the site's first league (the one today's data moves into): its pages are at
# /<LEAGUE_SLUG>/, and every address without a league leads there.
LEAGUE_SLUG = os.environ.get("LEAGUE_SLUG", "ofc-runde")
LEAGUE_NAME = os.environ.get("LEAGUE_NAME", "OFC-Runde")

# Members-only mode: anonymous visitors see nothing but the login page.
MEMBERS_ONLY = env_bool("MEMBERS_ONLY")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Production serves hashed, compressed files (WhiteNoise caches them for a year), the module
    # imports inside the scripts hashed too; development serves the files as they are, without a
    # collectstatic step.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "ofcleague.web.storage.StaticStorage"
    },
}

# Two caches (ofcleague/web/cache_setup.py). "default" holds the rate limits of login, sign-up
# and password reset and is never switched off: a Redis server when CACHE_URL or REDIS_URL names
# one (every app server naming it counts together), else files in DATA_DIR/cache-default. "pages"
# is the page cache: files shared by every gunicorn worker, under keys that include the league
# version a save writes in its own transaction (see ofcleague/web/cache.py), so one save makes
# them stale for every worker; entries expire after an hour. No page cache under DEBUG
# (templates and code change there) or with PAGE_CACHE=0 (the load test measures the pages
# without it).
CACHES = cache_settings(os.environ, DATA_DIR, page_cache=not DEBUG and env_bool("PAGE_CACHE", True))

# Behind how many reverse proxies the site runs, each appending to X-Forwarded-For: 0 (the
# default) believes no header and takes the connection's address; 1 behind one nginx or Caddy.
# Every limit and lock counts per this address (ofcleague/web/security.py), allauth's too.
TRUSTED_PROXY_COUNT = trusted_proxy_count(os.environ)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT

# Security. Production runs behind a reverse proxy (Caddy or nginx) that terminates HTTPS and
# sets X-Forwarded-Proto; see docs/deployment.md. All of it is off with DEBUG for runserver.
SESSION_COOKIE_HTTPONLY = True
# The language switch's choice is kept for a year, sent over HTTPS only, read by no script.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = not DEBUG
SECURE_PROXY_SSL_HEADER = None if DEBUG else ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", 365 * 24 * 3600))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Submitting a domain to the browsers' HSTS preload list is the domain owner's decision, made
# for every subdomain at once; the site does not ask for it, so this warning does not apply.
# W003 looks for Django's CSRF middleware by its name; the site runs a subclass of it
# (ofcleague/web/csrf.py, tests/security/test_csrf_opaque_origin.py checks it is in place).
SILENCED_SYSTEM_CHECKS = ["security.W021", "security.W003"]

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        # The service worker (/sw.js) and the web app manifest.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# Login throttling: a game night shares one router, so lock a username only together with the
# address it is tried from, and let the lock expire by itself.
AXES_ENABLED = True
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "ofcleague.web.security.client_ip"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# The login form's field "login" holds an e-mail address or a user name; both count as the
# account's user name, so neither doubles the attempts (ofcleague/members/accounts.py).
AXES_USERNAME_FORM_FIELD = "login"
AXES_USERNAME_CALLABLE = "ofcleague.members.accounts.axes_username"

# Errors go to standard error, where gunicorn and systemd's journal pick them up; server errors
# are mailed to ADMINS ("Ada <ada@example.org>, ops@example.org") from SERVER_EMAIL; a wrong Host
# header is one line (ofcleague/web/logs.py).
ADMINS = admins_from(os.environ.get("ADMINS"))
LOGGING = logging_settings()

# The site's own page for a refused form (a stale page, cookies off), in its words and style.
CSRF_FAILURE_VIEW = "ofcleague.web.errors.csrf_failure"

# The site's address for links in mails sent outside a request (reminders: send_reminders).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").strip().rstrip("/")
