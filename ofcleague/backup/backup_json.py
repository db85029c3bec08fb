"""The backups' JSON: Django's own, but times keep every microsecond.

Django's JSON encoder cuts times to milliseconds, so a restored backup would differ from what
was saved (when a hand was entered, when each change in the history was made). Restore reads
these files with Django's plain JSON deserializer, which takes the longer times as they are.
"""

import datetime

from django.core.serializers import json as django_json
from django.core.serializers.json import DjangoJSONEncoder

#: The name of this format for ``dumpdata`` (settings.SERIALIZATION_MODULES).
FORMAT = "backup-json"


class ExactJSONEncoder(DjangoJSONEncoder):
    def default(self, o):
        if isinstance(o, datetime.datetime) and o.microsecond:
            text = o.isoformat()
            return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text
        return super().default(o)


class Serializer(django_json.Serializer):
    def _init_options(self):
        super()._init_options()
        self.json_kwargs["cls"] = ExactJSONEncoder


Deserializer = django_json.Deserializer
