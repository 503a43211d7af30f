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


def test_the_snapshots_digest_of_an_untouched_file_is_the_digest_of_its_bytes(tmp_path):
    """A store opened from its snapshot (the file exactly as the snapshot knew it) gives the snapshot's
    digest of those records without reading or hashing them; it is the SHA-256 of the file's bytes."""
    import os
    import time

    from fhtagn_tui.store import CampaignStore
    from fhtagn_tui.store import snapshot as snap

    store, eng = played(tmp_path)
    path = store.path
    store.close()
    old = time.time_ns() - 10 * snap.RACY_COARSE_NS  # the file's last change long before the snapshot
    os.utime(path, ns=(old, old))
    time.sleep(snap.RACY_NS / 1e9 * 1.2)  # (its change time, set by utime, older than RACY_NS too)
    with CampaignStore.open(path) as again:
        folded, _ = snap.open_projection(again)
        assert snap.save(again, folded)
    peeked = snap.peek(path)
    unread = snap.unread(peeked)
    assert unread is not None and unread.digest == peeked.digest  # the file's identity recorded
    data = path.read_bytes()
    with CampaignStore.open(path, readonly=True, unread=unread) as store:
        n = len(store)
        assert store.prefix_digest(n) == (len(data), hashlib.sha256(data).hexdigest())
        assert store.table.log._lines is None  # given, not hashed: the records were not even read
        # any other prefix is hashed from the file
        size = len(data) - len(store.records()[-1]) - 1
        assert store.prefix_digest(n - 1) == (size, hashlib.sha256(data[:size]).hexdigest())
    # a digest that does not belong to the file is never given: the file's identity decides first
    os.utime(path)  # touched: no longer the file the snapshot knew
    lying = unread._replace(digest="0" * 64)
    with CampaignStore.open(path, readonly=True, unread=lying) as store:
        assert store.prefix_digest(n) == (len(data), hashlib.sha256(data).hexdigest())
