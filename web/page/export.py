"""Export to share: the picture of the board as shown, with its title, dice, result and
key (engine.render.export), as SVG or as a PNG drawn from that SVG in the page; on a phone
with the Web Share API the PNG goes to the share sheet, elsewhere it is downloaded."""

from __future__ import annotations

import js
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from engine.words import msg

from .dom import Event, JsObject, blob_of, download, file_stem, tell
from .state import State

PNG_SCALE = 2
"""Device pixels per CSS px of the PNG (sharp on phones)."""


def picture(state: State) -> str:
    """The shared picture's SVG text: the board as shown, zoom and step included."""
    from engine.render.export import export  # svgwrite: loaded once the board is drawn

    location = window.location
    return export(state.shown, state.resolution,
                  upto_step=state.step if state.resolution is not None else None,
                  odds=state.odds, box=state.box,
                  address=f"{location.origin}{location.pathname}", lang=state.lang)


def file_name(state: State, ext: str) -> str:
    """The scenario's title as a file name."""
    return f"{file_stem(state.shown.title or '', 'board')}.{ext}"


def options(**kw: object) -> JsObject:
    return to_js(kw, dict_converter=js.Object.fromEntries)


def svg_blob(text: str) -> JsObject:
    return blob_of(['<?xml version="1.0" encoding="utf-8"?>\n' + text], "image/svg+xml")


def on_export_svg(state: State, ev: Event) -> None:
    """Export SVG: download the picture."""
    download(svg_blob(picture(state)), file_name(state, "svg"))


async def png_blob(text: str) -> JsObject:
    """The picture drawn onto a canvas at PNG_SCALE, as a PNG blob."""
    url = js.URL.createObjectURL(svg_blob(text))
    image = js.Image.new()

    def settle_on_load(ok: JsObject, fail: JsObject) -> None:
        image.onload = create_once_callable(lambda *_: ok(image))
        image.onerror = create_once_callable(lambda *_: fail("not drawable"))

    try:
        loaded = js.Promise.new(create_once_callable(settle_on_load))
        image.src = url
        await loaded
        canvas = document.createElement("canvas")
        canvas.width = int(image.naturalWidth) * PNG_SCALE
        canvas.height = int(image.naturalHeight) * PNG_SCALE
        canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height)
        done = js.Promise.new(create_once_callable(
            lambda ok, fail: canvas.toBlob(create_once_callable(ok), "image/png")))
        return await done
    finally:
        js.URL.revokeObjectURL(url)


async def on_export_png(state: State, ev: Event) -> None:
    """Export PNG: to the share sheet where the Web Share API takes files, else a
    download. The PNG's size in bytes is kept on #export-png (data-bytes) for tests."""
    text = picture(state)
    blob = await png_blob(text)
    name = file_name(state, "png")
    button = document.getElementById("export-png")
    button.dataset.bytes = str(int(blob.size))
    navigator = window.navigator
    if hasattr(navigator, "canShare") and hasattr(navigator, "share"):
        file = js.File.new(to_js([blob]), name, options(type="image/png"))
        shared = options(files=to_js([file]), title=state.shown.title or "Scatterlab")
        if navigator.canShare(shared):
            try:
                await navigator.share(shared)
                return
            except Exception as err:  # the player closed the sheet: nothing to say
                if "AbortError" in str(err):
                    return
                tell(state, msg("page.export.failed", err=str(err)))
    download(blob, name)
