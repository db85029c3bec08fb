from tests.table.conftest import pineapple  # noqa: F401 (the fixture)
