"""Production settings, loaded the way the server loads them: in a fresh process."""

import json
import os
import subprocess
import sys

from django.conf import settings

SECRET = "x" * 20 + "production-secret-for-the-settings-test-0123456789"


def run_manage(tmp_path, *args, **env):
    """Run manage.py with production settings and a clean DATA_DIR; return the process."""
    # DJANGO_ALLOW_ASYNC_UNSAFE belongs to the browser tests' run, not to production: a run of
    # every test in one process would otherwise fail the deploy check on it.
    unset = {
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DJANGO_SETTINGS_MODULE",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    }
    environment = {key: value for key, value in os.environ.items() if key not in unset}
    environment |= {"DATA_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "ofcleague.settings"}
    environment |= env
    return subprocess.run(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_deploy_check_passes_with_production_settings(tmp_path):
    result = run_manage(
        tmp_path,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="league.example.org",
    )
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    result = run_manage(tmp_path, "check", ALLOWED_HOSTS="league.example.org")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_production_refuses_a_per_machine_secret_key_file(tmp_path):
    # Every app server needs the same key: a file made on one machine is no longer read.
    (tmp_path / "secret_key").write_text(SECRET + "\n")
    result = run_manage(tmp_path, "check", ALLOWED_HOSTS="league.example.org")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def test_production_reads_the_secret_key_and_turns_on_https_protection(tmp_path):
    script = (
        "import json; from django.conf import settings as s; print(json.dumps({"
        "'key': s.SECRET_KEY, 'redirect': s.SECURE_SSL_REDIRECT, 'hsts': s.SECURE_HSTS_SECONDS,"
        "'session_secure': s.SESSION_COOKIE_SECURE, 'csrf_secure': s.CSRF_COOKIE_SECURE,"
        "'httponly': s.SESSION_COOKIE_HTTPONLY, 'proxy': s.SECURE_PROXY_SSL_HEADER,"
        "'language_secure': s.LANGUAGE_COOKIE_SECURE,"
        "'static': s.STORAGES['staticfiles']['BACKEND']}))"
    )
    result = run_manage(
        tmp_path,
        "shell",
        "--no-imports",
        "-c",
        script,
        ALLOWED_HOSTS="league.example.org",
        SECRET_KEY=SECRET,
    )
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["key"] == SECRET
    assert values["redirect"] is True
    assert values["hsts"] >= 365 * 24 * 3600
    assert values["session_secure"] and values["csrf_secure"] and values["httponly"]
    assert values["language_secure"]
    assert values["proxy"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert values["static"] == "ofcleague.web.storage.StaticStorage"


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
