"""A league's own ways of counting a season (issue 42): points systems, season windows and
their kept tables. ``models.py`` the rows, ``rules.py`` the settings' rules (pure),
``facts.py`` the evenings read as plain facts, ``refresh.py`` the kept tables refreshed and
rebuilt, ``services.py`` the owner's writes, ``reads.py`` what the pages read."""
