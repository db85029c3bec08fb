"""Production's static files: the page scripts' module imports name the hashed siblings.

WhiteNoise serves a hashed file for a year; a module that imported its sibling by the plain
name would pair a new pad with an old queue after a deploy, or fail where only hashed names
are served. collectstatic runs here with the production storage into a temporary folder.
"""

import json
import re

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse
from whitenoise.storage import CompressedManifestStaticFilesStorage

from ofcleague.league.models import EveningPlayer
from ofcleague.table import services
from ofcleague.web.storage import StaticStorage
from tests.factories import EveningFactory, PlayerFactory
from tests.web.test_offline import worker_config

IMPORT = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["'];""", re.M | re.S)
# The modules the templates load (type="module") and what they reach.
ENTRIES = ["js/pad.js", "js/points.js"]


def test_production_keeps_whitenoises_compressed_manifest_storage():
    assert issubclass(StaticStorage, CompressedManifestStaticFilesStorage)
    assert StaticStorage.support_js_module_import_aggregation


PRODUCTION = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "ofcleague.web.storage.StaticStorage"},
}


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root, json.loads((root / "staticfiles.json").read_text())["paths"]


def imports(path):
    return IMPORT.findall(path.read_text(encoding="utf-8"))


def test_every_module_import_names_a_hashed_sibling(collected):
    root, manifest = collected
    seen, todo = set(), list(ENTRIES)
    while todo:
        name = todo.pop()
        seen.add(name)
        hashed = root / manifest[name]
        folder = name.rsplit("/", 1)[0]
        for url in imports(hashed):
            target = str((root / folder / url).resolve().relative_to(root.resolve()))
            assert target in manifest.values(), f"{manifest[name]} imports {url}, not hashed"
            assert (root / target).is_file()
            plain = next(key for key, value in manifest.items() if value == target)
            if plain not in seen:
                todo.append(plain)
    # The pad reaches its parts and the shared helpers through hashed names only.
    assert {"js/pad/actions.js", "js/pad/queue.js", "js/text.js", "js/places.js"} <= seen


def test_the_pad_page_loads_its_hashed_entry_module(collected, keeper_client):
    root, manifest = collected
    evening = EveningFactory(status="in_progress")
    for name in ("Anna", "Bert", "Cleo"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    players = list(evening.seats.values_list("pk", flat=True))
    table = services.seat_table(evening, 1, 1, players)
    url = reverse("table:pad", args=[evening.pk, 1, table.table])
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION):
        html = keeper_client.get(url).content.decode()
    assert f'<script type="module" src="/static/{manifest["js/pad.js"]}"></script>' in html


def test_every_hashed_script_and_stylesheet_has_a_brotli_and_a_gzip_copy(collected):
    root, paths = collected
    texts = [hashed for name, hashed in paths.items() if name.endswith((".js", ".css"))]
    assert texts
    for hashed in texts:
        assert (root / f"{hashed}.br").is_file(), hashed
        assert (root / f"{hashed}.gz").is_file(), hashed


def test_the_service_worker_keeps_the_hashed_urls_and_other_files_rename_its_cache(collected):
    # The worker keeps the files at the URLs the pages name (ofcleague/web/offline.py).
    root, manifest = collected
    development = worker_config(Client().get("/sw.js"))
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION):
        config = worker_config(Client().get("/sw.js"))
    assert config["hashed"] is True
    for name in ("js/pad.js", "js/pad/queue.js", "js/calculator.js", "css/table.css"):
        assert f"/static/{manifest[name]}" in config["static"]
    assert "/static/js/pad.js" not in config["static"]
    # Other files (here: other names), another cache: the new worker drops the old one.
    assert development["version"] != config["version"]
