# The two commands of the README: `make run` and `make test`. Everything else is a helper of theirs.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEV := DEBUG=1 $(BIN)/python manage.py

.PHONY: run test lint check unit deep guide bench messages release serve backup worker loadtest browser browser-if-chromium screenshots cluster cluster-stop loadtest-cluster

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# Stamp files: reinstall only when pyproject.toml changes.
$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $@

run: $(VENV)/.installed-run
	$(DEV) migrate --noinput
	$(DEV) load_history
	$(DEV) rebuild_standings
	@# The task worker (every mail, long imports, undos) runs beside the server and stops with it.
	$(DEV) db_worker --no-reload & worker=$$!; \
	  trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	  $(DEV) runserver 127.0.0.1:8000

test: lint check unit guide browser-if-chromium

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	DEBUG=1 $(BIN)/mypy

check: $(VENV)/.installed-dev
	$(DEV) makemigrations --check --dry-run
	$(DEV) check
	DEBUG=0 ALLOWED_HOSTS=league.example.org \
	  SECRET_KEY=$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))') \
	  $(BIN)/python manage.py check --deploy --fail-level WARNING

# The suite runs on every core (pytest-xdist; JOBS=0 runs it in one process). Work-stealing
# keeps both cores busy while the long state machines run.
JOBS ?= auto
unit: $(VENV)/.installed-dev
	$(BIN)/pytest -m "not browser and not guide" -n $(JOBS) --dist worksteal

# The state machines and fuzzers with five times their examples (CI runs the usual number, the
# same sequences every time): run it before a release or after changing a service's rules.
deep: $(VENV)/.installed-dev
	OFC_STATEFUL_EXAMPLES=500 OFC_STATEFUL_TABLE_EXAMPLES=300 OFC_STATEFUL_RSVP_EXAMPLES=100 \
	  OFC_STATEFUL_PAD_EXAMPLES=150 OFC_TOKENS_EXAMPLES=125 OFC_FUZZ_EXAMPLES=500 \
	  $(BIN)/pytest -m "not browser and not guide" -n $(JOBS) --dist worksteal \
	  -k "stateful or fuzz or machine"

# docs/deployment.md run as written (tests/guide/): a PostgreSQL cluster of its own, gunicorn by
# the unit's command, nginx with the guide's cache config, backup, restore drill, readiness 503
# with the database stopped. Skips, saying why, without PostgreSQL 15 or nginx (CI: fails).
guide: $(VENV)/.installed-dev
	$(BIN)/pytest -m guide tests/guide

# Browser tests drive Debian's Chromium (apt-get install chromium); never `playwright install`.
# Playwright's event loop shares their thread with Django, hence their own pytest run.
browser: $(VENV)/.installed-dev
	OFC_TEST_DATABASE_FILES=1 DJANGO_ALLOW_ASYNC_UNSAFE=true \
	  $(BIN)/pytest -m browser -n $(JOBS) --dist worksteal \
	  --reruns 1 --only-rerun "database (table )?is locked"

# Where Chromium is missing, `make test` says so plainly; in CI (CI=true) that is a failure.
browser-if-chromium:
	@if [ -x /usr/bin/chromium ]; then $(MAKE) --no-print-directory browser; \
	elif [ "$$CI" = "true" ]; then \
	  echo "FAILED: /usr/bin/chromium is missing, so the browser tests cannot run in CI."; exit 1; \
	else \
	  echo "SKIPPED browser tests: /usr/bin/chromium not found (apt-get install -y chromium)."; \
	fi

# Phone-sized screenshots of the scorekeeping pages into docs/screenshots/.
screenshots: $(VENV)/.installed-dev
	SCREENSHOT_DIR=docs/screenshots DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -m browser tests/browser

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/scoring.py
	BENCH_DATABASE_URL= $(BIN)/python bench/pages.py
	@# The same pages on PostgreSQL when BENCH_DATABASE_URL names a server (a database of its
	@# own there; bench/results-postgresql.md), with the database's side of each page.
	@if [ -n "$$BENCH_DATABASE_URL" ]; then $(BIN)/python bench/pages.py; fi
	nice -n 10 $(BIN)/python bench/leagues.py
	$(BIN)/python bench/lighthouse.py
	@# CPU per request kind of a live evening from /proc, beside /healthz (bench/live_cost.md);
	@# PostgreSQL too when BENCH_DATABASE_URL names a server (a database of its own there).
	$(BIN)/python bench/live_cost.py
	@# A sign-up's answer with the mail server answering and with it stalled (bench/mail_wait.md).
	$(BIN)/python bench/mail_wait.py

messages: $(VENV)/.installed-dev
	$(DEV) makemessages -l de --ignore=.venv --ignore=tests --no-obsolete
	$(DEV) compilemessages --ignore=.venv

# Production: no DEBUG; SECRET_KEY, ALLOWED_HOSTS and the rest from the environment
# (docs/deployment.md). Put it behind a reverse proxy with HTTPS. The address gunicorn listens
# on comes from the environment too: BIND=127.0.0.1:8001 make serve (never edit this file).
DATA_DIR ?= var
BIND ?= 127.0.0.1:8000
BACKUP_DIR ?= $(DATA_DIR)/backups
PROD := DATA_DIR=$(DATA_DIR) $(BIN)/python manage.py

# Once per upgrade, before the servers take the new code: a backup if there are migrations,
# the migrations, the standings rebuilt after them, the static files (manage.py release).
release: $(VENV)/.installed-run
	$(PROD) release --backup-into $(BACKUP_DIR)

# Starting changes nothing: no migration, no rebuild (that is `make release`), so a restart
# keeps the cached pages and several servers can start at once. `kill -HUP` of the pid in
# DATA_DIR/gunicorn.pid reloads the code gracefully (new workers, the socket kept: no 502).
serve: $(VENV)/.installed-run
	@mkdir -p $(DATA_DIR)
	DATA_DIR=$(DATA_DIR) exec $(BIN)/gunicorn ofcleague.wsgi --bind $(BIND) \
	  --pid $(DATA_DIR)/gunicorn.pid --graceful-timeout 30 \
	  --worker-class gthread --workers 3 --threads 4 --access-logfile - \
	  --logger-class ofcleague.web.access_log.AccessLogger

# A backup into BACKUP_DIR named by its time, keeping 30 days (the timer's and cron's command).
backup: $(VENV)/.installed-run
	$(PROD) backup --into $(BACKUP_DIR) --keep-days 30

# Production's task worker (every mail, long imports, undos): a service of its own beside gunicorn,
# with the same environment (DATA_DIR, DATABASE_URL, SECRET_KEY).
worker: $(VENV)/.installed-run
	DATA_DIR=$(DATA_DIR) $(BIN)/python manage.py db_worker --no-reload

# The ladder from /healthz to each page, through gunicorn and behind nginx's cache (Debian's nginx:
# apt-get install -y nginx-light; the test installs nothing), no stale page after a save, 60 s of
# readers and writers, a SIGKILL, a live evening; all on 127.0.0.1; writes bench/load.md (~7 min).
loadtest: $(VENV)/.installed-dev
	$(BIN)/python bench/loadtest.py
	$(BIN)/python bench/live.py

# The loadtest's cluster mode, Friday night (bench/friday.py): make cluster's parts with an SMTP
# sink; N leagues live at two tables (a hand every 20 s each), six followers per evening,
# answers by link and reminders; for each N of FRIDAY_LEAGUES (10,20,40,60) the p95s, req/s and
# errors, then hands and mails lost or doubled; the largest N with hand saves p95 < 150 ms and
# the live page p95 < 100 ms. SERVERS=1 for one app server, FRIDAY_FAULTS=1 for the faults.
# Appends to bench/friday.md.
loadtest-cluster: $(VENV)/.installed-dev
	$(BIN)/python bench/friday.py

# Several app servers on this machine, as docs/deployment.md's "Several app servers" lays them
# out (bench/cluster.py): PostgreSQL (as the user pgci when run as root) and Redis of their own
# in CLUSTER_DIR (default /tmp/ofcleague-cluster), `manage.py release` once, SERVERS (3)
# gunicorn app servers as `make serve` starts them, one task worker, nginx with the guide's
# file on 127.0.0.1:CLUSTER_PORT (8080). Needs Debian's postgresql, redis-server, nginx-light.
cluster: $(VENV)/.installed-run
	$(BIN)/python bench/cluster.py start

# Stops every part of it and removes CLUSTER_DIR.
cluster-stop:
	$(BIN)/python bench/cluster.py stop
