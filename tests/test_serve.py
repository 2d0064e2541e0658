"""build.py's static server (the README's serve command, and the browser tests' server)."""

from __future__ import annotations

import contextlib
import io
import socket
import struct
import time

from scriptfile import load


def test_a_browser_dropping_a_download_leaves_no_traceback_in_the_terminal(tmp_path) -> None:
    """A page closed or reloaded while it loads resets its connections mid-answer: the
    server printed "Exception occurred during processing of request" and a traceback for
    each, which is no error of the player's or the site's."""
    build = load("build.py", "scatterlab_build")
    (tmp_path / "big.bin").write_bytes(bytes(8_000_000))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), build.serving(tmp_path, quiet=True) as url:
        port = int(url.rsplit(":", 1)[1].strip("/"))
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as client:
                client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                client.recv(100)
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        time.sleep(0.5)
    assert "Exception occurred" not in err.getvalue()
