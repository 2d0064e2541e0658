"""New versions of the site: the page side of web/sw.js.

One version per page: a page runs the files of the version it was opened with to its
end (the service worker serves each page from its own version's cache). A new version's
worker installs every file of that version together and then waits; every open page
says "A new version is ready — reload". Reload asks the waiting worker to take over and
reloads this page only; other pages keep their version until they are reloaded, and the
worker removes an old version's cache once no page of it is open.
"""

from __future__ import annotations

from pyscript import window

from engine.words import msg

from .dom import Event, JsObject, absent, on
from .notice import Action, show_notice
from .state import State

READY_TEXT = msg("page.update.ready")


async def watch(state: State) -> None:
    """Register the service worker and offer each new version when it has installed.

    A first visit (no worker controls the page yet) installs the first version: no offer."""
    workers = getattr(window.navigator, "serviceWorker", None)
    if workers is None or str(window.location.protocol) == "file:":
        return
    registration = await workers.register("./sw.js")
    if absent(registration):  # registration refused (a browser set to block workers)
        return
    controlled = [not absent(workers.controller)]  # [whether a worker controlled the page]

    def installed(worker: JsObject) -> None:
        def changed(ev: Event | None = None) -> None:
            if str(worker.state) == "installed" and not absent(workers.controller):
                offer(state, registration)
        state.listeners.append(on(worker, "statechange", changed))
        changed()

    def found(ev: Event | None = None) -> None:
        if not absent(registration.installing):
            installed(registration.installing)

    def controller_changed(ev: Event | None = None) -> None:
        if state.updating:
            window.location.reload()
        elif controlled[0]:
            offer(state, registration)  # another page let the new version take over
        controlled[0] = True

    state.listeners.append(on(registration, "updatefound", found))
    state.listeners.append(on(workers, "controllerchange", controller_changed))
    if not absent(registration.waiting) and controlled[0]:
        offer(state, registration)
    elif not absent(registration.installing):
        installed(registration.installing)


def offer(state: State, registration: JsObject) -> None:
    """The notice with its Reload button."""
    show_notice(state, "update", READY_TEXT, [
        Action(msg("page.update.reload"), handler=lambda: reload_into_new(state, registration)),
    ])


def reload_into_new(state: State, registration: JsObject) -> None:
    """Let the waiting worker take over (it then reloads this page), or just reload when
    the new version is already active (another page took it)."""
    waiting = registration.waiting
    if absent(waiting):
        window.location.reload()
        return
    state.updating = True
    waiting.postMessage("take-over")
