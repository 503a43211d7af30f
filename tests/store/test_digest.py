"""The prefix digest the snapshot is checked with: carried on over appended bytes, it is still the
SHA-256 of the file's bytes up to that record."""

from __future__ import annotations

import hashlib

from .support import played


def test_a_digest_carried_on_after_appends_is_the_digest_of_the_file(tmp_path):
    store, eng = played(tmp_path)
    try:
        n = len(store)
        size, digest = store.prefix_digest(n)  # taken once (as at opening)...
        data = store.path.read_bytes()
        assert (size, digest) == (len(data), hashlib.sha256(data).hexdigest())
        eng.execute("note one")
        eng.execute("note two")
        data = store.path.read_bytes()
        # ...then carried on over the new records
        assert store.prefix_digest(n + 2) == (len(data), hashlib.sha256(data).hexdigest())
        # a shorter prefix asked after a longer one is hashed from the start again
        assert store.prefix_digest(n)[1] == hashlib.sha256(data[:size]).hexdigest()
    finally:
        store.close()
