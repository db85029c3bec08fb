"""The root URL configuration: the site's pages and its first league's (see ``pages.py``)."""

from django.conf import settings

from ofcleague.urls.pages import patterns_for

urlpatterns = patterns_for(settings.LEAGUE_SLUG)

# The 403 page says the refused page's own rule (``refused.py``).
handler403 = "ofcleague.urls.refused.refused"
