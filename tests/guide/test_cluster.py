"""Several app servers as ``make cluster`` starts them (bench/cluster.py; marker ``guide``, ~3 min):
PostgreSQL and Redis of their own, two gunicorn app servers from one env file (no SECRET_KEY file
of a server's own), the task worker and nginx in front.

- A person who logs in on one server is logged in on the other.
- A page one server rendered is served by the other from the shared cache, and restarting a
  server drops none of it: the league's version and the code release are the same after the
  restart, so the pages keep their keys (and their ETags).
- A save in another process makes the page new on both servers at once.
"""

import os
import re
import sys
import tempfile
from pathlib import Path

import pytest

from tests.served.test_gunicorn_limits import Browser
from tests.shared_cache.redis_server import redis_binary

pytestmark = pytest.mark.guide

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import cluster as cluster_script  # noqa: E402

PASSWORD = "karo-bube-1234"
PAGE = "/ofc-runde/history/"
ACCOUNT_PAGE = "/accounts/password/change/"
CREATE = (
    "from django.contrib.auth import get_user_model; "
    f"get_user_model().objects.create_user('anna', password='{PASSWORD}')"
)
SAVE = (
    "from django.db import transaction; from ofcleague.league.leagues import League; "
    "from ofcleague.web.cache import invalidate_league_pages; "
    "league = League.objects.get(slug='ofc-runde')\n"
    "with transaction.atomic(): invalidate_league_pages(league.pk)"
)


def missing():
    if not (cluster_script.PGBIN / "initdb").exists():
        return "PostgreSQL 15 (apt-get install -y postgresql)"
    if redis_binary() is None:
        return "Redis (apt-get install -y redis-server)"
    if not cluster_script.proxy.NGINX.exists():
        return "nginx (apt-get install -y nginx-light)"
    return None


@pytest.fixture(scope="module")
def cluster():
    reason = missing()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the cluster's test cannot run in CI without {reason}")
        pytest.skip(f"the cluster's test needs {reason}")
    # Under /tmp itself: pgci and nginx's workers cannot enter pytest's folders.
    running = cluster_script.Cluster(Path(tempfile.mkdtemp(prefix="cluster-test-")))
    try:
        running.start(servers=2, port=cluster_script.free_port(), workers=1)
        running.manage("shell", "--no-imports", "-c", CREATE)
        yield running
    finally:
        running.stop()


def on(cluster, number, browser=None):
    """A browser talking to app server ``number`` directly (as nginx would, one proxy)."""
    port = cluster.state["app_ports"][number]
    browser = browser or Browser(port, "198.51.100.7")
    browser.port = port
    return browser


def etag_of(browser, path):
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", browser.port, timeout=30)
    try:
        connection.request("GET", path, headers={"X-Forwarded-Proto": "https"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == 200, body[:300]
        return response.getheader("ETag"), body
    finally:
        connection.close()


def page_keys(cluster):
    import redis

    url = f"redis://127.0.0.1:{cluster.state['redis_port']}/0"
    return sorted(redis.Redis.from_url(url).keys("ofcleague-pages:*"))


def test_one_env_file_and_no_key_file_of_a_servers_own(cluster):
    env_file = (cluster.folder / "env").read_text()
    assert re.search(r"^SECRET_KEY=", env_file, re.M)
    for number in range(2):
        assert not list((cluster.folder / f"app{number}").glob("*secret*"))


def test_a_person_logged_in_on_one_server_is_logged_in_on_the_other(cluster):
    anna = on(cluster, 0)
    assert anna.log_in(PASSWORD) == 302
    assert anna.request("GET", ACCOUNT_PAGE)[0] == 200
    on(cluster, 1, anna)
    assert anna.request("GET", ACCOUNT_PAGE)[0] == 200
    stranger = on(cluster, 1, Browser(0, "203.0.113.9"))
    assert stranger.request("GET", ACCOUNT_PAGE)[0] == 302


def test_a_restart_keeps_every_cached_page_and_a_save_renews_it_everywhere(cluster):
    first = on(cluster, 0)
    etag, body = etag_of(first, PAGE)
    keys = page_keys(cluster)
    assert keys, "the page was not kept in the shared cache"

    second = on(cluster, 1, Browser(0, "198.51.100.8"))
    assert etag_of(second, PAGE) == (etag, body)
    cluster.restart_app(1)
    cluster.restart_app(0)
    # Served from the shared cache after both restarts: the same key, nothing rendered anew.
    assert etag_of(second, PAGE) == (etag, body)
    assert etag_of(first, PAGE) == (etag, body)
    assert page_keys(cluster) == keys

    cluster.manage("shell", "--no-imports", "-c", SAVE)
    renewed = {etag_of(first, PAGE)[0], etag_of(second, PAGE)[0]}
    assert len(renewed) == 1 and etag not in renewed
