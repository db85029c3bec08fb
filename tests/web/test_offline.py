"""The site without a connection: the manifest, the service worker's view and its headers, the
CSP that lets them in, the header naming whose page it is, and the CSRF token of a kept pad page.

The worker itself runs in Chromium: tests/browser/test_offline.py.
"""

import json
import re
import struct
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from ofcleague.league.models import EveningPlayer, Player
from ofcleague.table import services
from ofcleague.table.models import Hand
from ofcleague.web.offline import AUDIENCE_HEADER, KEEP, KEEP_HEADER, PUBLIC
from tests.factories import EveningFactory, PlayerFactory, UserFactory, scorekeeper_of
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db

PASSWORD = "secret-pass-123"
STATIC = Path(settings.STATICFILES_DIRS[0])
CONFIG = re.compile(r"^const CONFIG = (\{.*?\n\});$", re.M | re.S)


def worker_config(response):
    return json.loads(CONFIG.search(response.content.decode()).group(1))


@pytest.fixture
def table(seeded):
    evening = EveningFactory(status="in_progress")
    for name in ("Anna", "Bert", "Cleo"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return services.seat_table(evening, 1, 1, list(evening.seats.values_list("pk", flat=True)))


@pytest.fixture
def keeper(seeded):
    user = UserFactory(username="keeper")
    scorekeeper_of(user)
    return user


def png_size(path):
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


# The manifest -----------------------------------------------------------------------------------


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "OFC-Liga"
    assert manifest["lang"] == "de"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    pngs = {}
    for icon in manifest["icons"]:
        path = STATIC / icon["src"].removeprefix("/static/")
        assert path.is_file(), icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            pngs[(icon["purpose"], width)] = path
    # What phones want: 192 and 512, each also as a maskable icon (full bleed).
    assert set(pngs) == {("any", 192), ("any", 512), ("maskable", 192), ("maskable", 512)}


def test_the_manifest_speaks_the_visitors_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["name"] == "OFC League" and manifest["lang"] == "en"


def test_every_page_links_the_manifest_and_installs_the_worker(client):
    html = client.get("/ofc-runde/rules/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'src="/static/js/install.js" data-worker="/sw.js" defer' in html


# The worker's view ------------------------------------------------------------------------------


def test_the_worker_is_served_from_the_root_always_asked_again(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    # At the root it controls every page; a browser asks again each time (a 304 if unchanged).
    assert reverse("service_worker") == "/sw.js"
    assert response["Cache-Control"] == "no-cache"
    again = client.get("/sw.js", headers={"if-none-match": response["ETag"]})
    assert again.status_code == 304
    assert "public" not in response["Cache-Control"]


def test_the_worker_keeps_the_pads_files_and_names_its_cache_by_them(client):
    config = worker_config(client.get("/sw.js"))
    pad = {"js/pad.js", "js/calculator.js", "css/site.css", "css/table.css", "js/text.js"}
    pad |= {f"js/pad/{path.name}" for path in (STATIC / "js" / "pad").glob("*.js")}
    assert {settings.STATIC_URL.lstrip("/") + name for name in pad} <= {
        url.lstrip("/") for url in config["static"]
    }
    # Development's files are not hashed: the worker asks the network for them first.
    assert config["hashed"] is False
    assert re.fullmatch(r"[0-9a-f]{12}", config["version"])
    assert config["forget"] == ["/login/", "/logout/", "/admin/login/", "/admin/logout/"]
    assert config["labels"]["de"]["today"] == "Offline: Stand von heute, %(time)s Uhr."
    assert config["labels"]["en"]["earlier"] == "Offline: this page as of %(day)s, %(time)s."


# Production's hashed URLs: tests/test_static_modules.py (it collects the files once).


def test_the_kept_pages_are_the_reading_pages_and_the_pad_never_an_api_or_form(keeper, table):
    """The server marks the pages the worker may keep; the worker keeps no other answer."""
    config = worker_config(Client().get("/sw.js"))
    assert (config["keepHeader"], config["keep"]) == (KEEP_HEADER, KEEP)
    assert "pages" not in config  # no pattern of paths left in the worker
    phone = Client()
    phone.force_login(keeper)
    args = [table.evening_id, 1, table.table]
    kept = [
        reverse(name)
        for name in ("standings:home", "standings:alltime", "standings:history", "rules:rules")
    ]
    finished = evening_from_points({Player.objects.get(name="Anna"): [0]})
    kept += [reverse("standings:seasons"), reverse("standings:season", args=[finished.date.year])]
    kept += [reverse("standings:player", args=["anna"]), reverse("table:pad", args=args)]
    kept += [reverse("results:evening", args=[table.evening_id]), reverse("front")]
    for path in kept:
        response = phone.get(path, follow=True)
        assert response.status_code == 200, path
        assert response.get(KEEP_HEADER) == KEEP, path
    for path in (
        reverse("table:api_hands", args=args),
        reverse("standings:api_alltime"),
        reverse("rules:api_score"),
        reverse("results:evening_new"),
        reverse("results:evening_edit", args=[table.evening_id]),
        reverse("login"),
        "/admin/",
    ):
        assert phone.get(path).get(KEEP_HEADER) is None, path


def test_the_worker_and_manifest_reach_anonymous_visitors_of_a_members_only_league(settings):
    settings.MEMBERS_ONLY = True
    assert Client().get("/").status_code == 302
    assert Client().get("/sw.js").status_code == 200
    assert Client().get("/manifest.webmanifest").status_code == 200


# The CSP ----------------------------------------------------------------------------------------


def test_the_csp_lets_in_the_sites_own_worker_and_manifest_only(client):
    header = client.get("/ofc-runde/history/")["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in header.split(";")}
    assert directives["worker-src"] == ["'self'"]
    assert directives["manifest-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]


# Whose page it is -------------------------------------------------------------------------------


def test_pages_name_their_audience_a_session_of_its_own(keeper):
    assert Client().get("/ofc-runde/")[AUDIENCE_HEADER] == PUBLIC
    first, second = Client(), Client()
    first.force_login(keeper)
    second.force_login(keeper)
    mine = first.get("/ofc-runde/")[AUDIENCE_HEADER]
    assert mine != PUBLIC and mine == first.get("/ofc-runde/alltime/")[AUDIENCE_HEADER]
    # The same member on another phone (another session) is another audience.
    assert second.get("/ofc-runde/")[AUDIENCE_HEADER] not in (PUBLIC, mine)
    assert first.get(reverse("standings:api_alltime")).get(AUDIENCE_HEADER) is None
    first.post(reverse("logout"))
    assert first.get("/ofc-runde/")[AUDIENCE_HEADER] == PUBLIC


# The CSRF token of a kept pad page --------------------------------------------------------------


def log_in(client):
    client.get("/login/")
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    answer = client.post(
        "/login/", {"login": "keeper", "password": PASSWORD, "csrfmiddlewaretoken": token}
    )
    assert answer.status_code == 302


def form_token(html):
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)


def post_hand(client, table, token):
    url = reverse("table:api_hands", args=[table.evening_id, 1, table.table])
    body = {
        "id": str(uuid.uuid4()),
        "number": 1,
        "entry": "points",
        "results": [{"seat": seat, "points": value} for seat, value in ((1, 3), (2, -1), (3, -2))],
    }
    return client.post(
        url, json.dumps(body), content_type="application/json", headers={"x-csrftoken": token}
    )


def test_a_kept_pad_pages_token_still_posts_while_the_session_lasts(keeper, table):
    # The pad page as the worker kept it; the phone reads other pages (each with a token of
    # its own), then the queued hand goes out with the kept page's token: the cookie decides.
    phone = Client(enforce_csrf_checks=True)
    log_in(phone)
    pad = phone.get(reverse("table:pad", args=[table.evening_id, 1, table.table]))
    kept_token = form_token(pad.content.decode())
    for path in ("/", "/ofc-runde/alltime/", reverse("table:pad", args=[table.evening_id, 1, 1])):
        phone.get(path)
    answer = post_hand(phone, table, kept_token)
    assert answer.status_code == 201
    assert Hand.objects.count() == 1


def test_a_new_login_refuses_the_old_token_so_the_worker_drops_the_pages_at_login(keeper, table):
    phone = Client(enforce_csrf_checks=True)
    log_in(phone)
    pad = phone.get(reverse("table:pad", args=[table.evening_id, 1, table.table]))
    kept_token = form_token(pad.content.decode())
    first_audience = pad[AUDIENCE_HEADER]
    phone.post("/logout/", {"csrfmiddlewaretoken": kept_token})
    log_in(phone)
    # A new session (another audience: the worker drops what it kept) and a new CSRF secret.
    assert phone.get("/")[AUDIENCE_HEADER] != first_audience
    assert post_hand(phone, table, kept_token).status_code == 403
    assert not Hand.objects.exists()
