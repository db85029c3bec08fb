"""Django's SQLite backend, whose kept connections notice a replaced database file."""

import os

from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    """A connection kept open across requests (``CONN_MAX_AGE``) holds the file it opened.

    Once that file is moved away and another put in its place (a restore into a new file, as
    docs/deployment.md does it, or a copy of another database), the connection would go on
    reading and writing the old file, and each worker would serve its own old league. So the
    health check that Django runs before a request's first query (``CONN_HEALTH_CHECKS``) also
    compares the file's identity (device and inode) with the one opened: a file replaced or
    gone closes the connection, and the query opens whatever file is there now. One ``stat``
    a request; an in-memory database (the tests') has no file to compare.
    """

    opened = None

    def get_new_connection(self, conn_params):
        connection = super().get_new_connection(conn_params)
        self.opened = self.file_identity()
        return connection

    def is_usable(self):
        return self.file_identity() == self.opened and super().is_usable()

    def file_identity(self):
        """The database file's (device, inode), ``None`` in memory or without a file."""
        if self.is_in_memory_db():
            return None
        try:
            found = os.stat(self.settings_dict["NAME"])
        except OSError:
            return None
        return (found.st_dev, found.st_ino)
