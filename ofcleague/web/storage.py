"""The static files as production serves them."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's hashed, compressed files, with the hashed names written into the scripts'
    module imports too: ``import { x } from "./x.js";`` in a collected script names the hashed
    ``x.<hash>.js``, so a page never pairs a new module with a sibling cached for a year.

    Django rewrites an import only where it ends in a semicolon and its path starts with
    ``.`` or ``/``; the modules in ``static/js`` are written so. No two modules may import each
    other (a cycle has no hash).
    """

    support_js_module_import_aggregation = True
