// Tagging faces: draw a box round a face on a photo (mouse, finger or pen), then choose who it is from the
// list under the photo. Every change is written to the form's hidden faceTags field as the same JSON the
// API takes ({photoIndex, personId, x, y, width, height}, fractions of the photo, origin top left), and
// "Save the faces" sends it. Without JavaScript the page says that drawing needs it.
//
// "Enlarge the photo" shows a photo as large as the screen allows, in a dialog that fills it: the boxes are
// drawn there the same way (they are fractions of the photo, whatever its size on the screen), and its list
// of faces follows beneath. "Done" or Escape puts the photo back in the page.

import { placeBadge, placeBox } from "./face-boxes.js";

const MINIMUM = 0.02; // a box smaller than this is a slip of the finger, not a face
// The enlarged photo's margin (as .face-zoom's frame has in heirloom.css): a finger that starts a box at the
// photo's edge is not at the screen's edge, where a phone takes a swipe to mean "Back".
const EDGE = 12;

function setUp(form) {
    form.hidden = false;
    document.querySelector("[data-needs-script]")?.remove();
    const json = form.querySelector("[data-face-json]");
    const options = form.querySelector("[data-person-options]");
    let faces = [];
    try {
        faces = JSON.parse(json.value || "[]");
    } catch {
        faces = [];
    }

    const clamp = (value) => Math.min(1, Math.max(0, value));
    const round = (value) => Math.round(value * 10000) / 10000;

    function sync() {
        json.value = JSON.stringify(faces);
    }

    function render(focusIndex) {
        for (const canvas of form.querySelectorAll("[data-face-canvas]")) {
            const photo = Number(canvas.dataset.photoIndex);
            canvas.querySelectorAll(".face-box, .face-badge").forEach((node) => node.remove());
            let number = 0;
            for (const face of faces) {
                if (face.photoIndex !== photo) continue;
                number += 1;
                const box = document.createElement("span");
                box.className = "face-box face-box--placed face-box--edit";
                placeBox(box, face);
                // The box's number, outside the box so that it never hides the face.
                const badge = document.createElement("span");
                badge.className = "face-badge face-badge--number";
                badge.setAttribute("aria-hidden", "true");
                badge.textContent = String(number);
                placeBadge(badge, face);
                canvas.append(box, badge);
            }
        }
        for (const list of form.querySelectorAll("[data-face-list]")) {
            const photo = Number(list.dataset.photoIndex);
            list.replaceChildren();
            let number = 0;
            faces.forEach((face, index) => {
                if (face.photoIndex !== photo) return;
                number += 1;
                const row = document.createElement("li");
                row.className = "face-list__row";
                const label = document.createElement("label");
                label.className = "face-list__label";
                label.textContent = `Face ${number}`;
                // The chosen name in full, wrapping, whatever width the list has.
                const name = document.createElement("span");
                name.className = "face-list__name";
                name.dataset.faceName = "";
                const select = document.createElement("select");
                select.id = `face-${index}`;
                select.dataset.faceSelect = "";
                label.htmlFor = select.id;
                select.append(options.content.cloneNode(true));
                select.value = face.personId == null ? "" : String(face.personId);
                const showName = () => {
                    const named = Boolean(select.value);
                    name.textContent = named ? select.selectedOptions[0].textContent : "Not named yet";
                    name.classList.toggle("face-list__name--none", !named);
                };
                showName();
                select.addEventListener("change", () => {
                    face.personId = select.value ? Number(select.value) : null;
                    showName();
                    sync();
                });
                const remove = document.createElement("button");
                remove.type = "button";
                remove.className = "button button--secondary button--small";
                remove.textContent = "Remove";
                remove.addEventListener("click", () => {
                    faces.splice(index, 1);
                    sync();
                    render();
                    // Keep the place: the next face's name on this photo, or the Save button (or Done, while the
                    // photo is enlarged).
                    const next =
                        list.querySelector("[data-face-select]") ||
                        list.closest("dialog")?.querySelector("[data-face-done]") ||
                        form.querySelector("[data-face-save]");
                    next.focus();
                });
                // In the order they show: the number with Remove across from it, the name, the list of people.
                row.append(label, remove, name, select);
                list.append(row);
                // On the enlarged photo, the page stays where it is, so that the next face can be drawn at once.
                if (index === focusIndex) select.focus({ preventScroll: Boolean(list.closest("dialog[open]")) });
            });
            if (number === 0) {
                const hint = document.createElement("li");
                hint.className = "face-list__hint";
                hint.textContent = "No faces marked on this photo yet.";
                list.append(hint);
            }
        }
    }

    for (const canvas of form.querySelectorAll("[data-face-canvas]")) {
        const photo = Number(canvas.dataset.photoIndex);
        let start = null;
        let draft = null;
        // One finger draws: a second finger (a pinch) is ignored, and only the finger that began a box ends it.
        let drawing = null;
        const point = (event) => {
            const rect = canvas.getBoundingClientRect();
            return { x: clamp((event.clientX - rect.left) / rect.width), y: clamp((event.clientY - rect.top) / rect.height) };
        };
        const boxFrom = (a, b) => ({
            photoIndex: photo,
            personId: null,
            x: round(Math.min(a.x, b.x)),
            y: round(Math.min(a.y, b.y)),
            width: round(Math.abs(a.x - b.x)),
            height: round(Math.abs(a.y - b.y)),
        });
        canvas.addEventListener("pointerdown", (event) => {
            if (event.button !== 0 || !event.isPrimary || drawing !== null) return;
            event.preventDefault();
            canvas.setPointerCapture(event.pointerId);
            drawing = event.pointerId;
            start = point(event);
            draft = document.createElement("span");
            draft.className = "face-box face-box--placed face-box--draft";
            placeBox(draft, boxFrom(start, start));
            canvas.append(draft);
        });
        canvas.addEventListener("pointermove", (event) => {
            if (start && event.pointerId === drawing) placeBox(draft, boxFrom(start, point(event)));
        });
        const cancel = () => {
            start = null;
            drawing = null;
            draft?.remove();
        };
        const finish = (event) => {
            if (!start || event.pointerId !== drawing) return;
            const face = boxFrom(start, point(event));
            cancel();
            if (face.width < MINIMUM || face.height < MINIMUM) return;
            faces.push(face);
            sync();
            render(faces.length - 1);
        };
        canvas.addEventListener("pointerup", finish);
        for (const type of ["pointercancel", "lostpointercapture"]) {
            canvas.addEventListener(type, (event) => {
                if (event.pointerId === drawing) cancel();
            });
        }
    }
    for (const section of form.querySelectorAll(".face-photo")) setUpEnlarging(section);
    sync();
    render();
}

// The "Enlarge the photo" button of one photo: a dialog filling the screen, with "Done" at the top, the photo
// fitted below it by its shape, and the photo's list of faces after it.
function setUpEnlarging(section) {
    const button = section.querySelector("[data-face-enlarge]");
    const frame = section.querySelector("[data-face-canvas]");
    const list = section.querySelector("[data-face-list]");
    const image = frame?.querySelector("img");
    if (!button) return;
    if (!image || !list || typeof HTMLDialogElement !== "function" || typeof ResizeObserver !== "function") {
        button.remove();
        return;
    }
    const dialog = document.createElement("dialog");
    dialog.className = "face-zoom";
    dialog.setAttribute("aria-label", `${section.getAttribute("aria-label") || "Photo"}, enlarged`);
    const bar = document.createElement("div");
    bar.className = "face-zoom__bar";
    const words = document.createElement("div");
    words.className = "face-zoom__words";
    const hint = document.createElement("p");
    hint.className = "face-zoom__hint";
    hint.textContent = "Draw a box round each face, then press Done.";
    const sideways = document.createElement("p");
    sideways.className = "face-zoom__hint face-zoom__hint--quiet";
    sideways.textContent = "Turn the phone on its side to make this photo bigger.";
    words.append(hint, sideways);
    const done = document.createElement("button");
    done.type = "button";
    done.className = "button button--primary";
    done.dataset.faceDone = "";
    done.textContent = "Done";
    bar.append(words, done);
    dialog.append(bar);
    section.append(dialog);

    // The photo as large as the dialog allows below its bar, by the photo's own shape.
    const fit = () => {
        const wide = image.naturalWidth || Number(image.getAttribute("width")) || 1;
        const high = image.naturalHeight || Number(image.getAttribute("height")) || 1;
        sideways.hidden = !(wide > high * 1.1 && window.innerHeight > window.innerWidth);
        const room = frame.parentElement === dialog ? dialog.clientHeight - bar.offsetHeight - 2 * EDGE : 0;
        const scale = Math.max(0, Math.min((dialog.clientWidth - 2 * EDGE) / wide, room / high));
        image.style.width = `${Math.floor(wide * scale)}px`;
        image.style.height = `${Math.floor(high * scale)}px`;
    };

    // Fitted again whenever the dialog's size changes: the phone is turned, or the page's scroll bar goes.
    const watcher = new ResizeObserver(fit);

    button.addEventListener("click", () => {
        dialog.append(frame, list);
        dialog.showModal();
        fit();
        dialog.scrollTop = 0;
        done.focus();
        watcher.observe(dialog);
        image.addEventListener("load", fit);
    });
    done.addEventListener("click", () => dialog.close());
    // Escape closes the dialog too; either way, the photo and its list go back in the page.
    dialog.addEventListener("close", () => {
        watcher.disconnect();
        image.removeEventListener("load", fit);
        image.style.width = "";
        image.style.height = "";
        button.after(frame, list);
        button.focus();
    });
}

const form = document.querySelector("[data-face-editor]");
if (form) setUp(form);
