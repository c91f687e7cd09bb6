// Tagging faces: draw a box round a face on a photo (mouse, finger or pen), then choose who it is from the
// list under the photo. Every change is written to the form's hidden faceTags field as the same JSON the
// API takes ({photoIndex, personId, x, y, width, height}, fractions of the photo, origin top left), and
// "Save the faces" sends it. Without JavaScript the page says that drawing needs it.

const MINIMUM = 0.02; // a box smaller than this is a slip of the finger, not a face

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

    function position(node, face) {
        node.style.left = `${face.x * 100}%`;
        node.style.top = `${face.y * 100}%`;
        node.style.width = `${face.width * 100}%`;
        node.style.height = `${face.height * 100}%`;
    }

    function render(focusIndex) {
        for (const canvas of form.querySelectorAll("[data-face-canvas]")) {
            const photo = Number(canvas.dataset.photoIndex);
            canvas.querySelectorAll(".face-box").forEach((node) => node.remove());
            faces.forEach((face, index) => {
                if (face.photoIndex !== photo) return;
                const box = document.createElement("span");
                box.className = "face-box face-box--placed face-box--edit";
                box.dataset.number = String(faces.filter((f, i) => f.photoIndex === photo && i <= index).length);
                position(box, face);
                canvas.append(box);
            });
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
                const select = document.createElement("select");
                select.id = `face-${index}`;
                select.dataset.faceSelect = "";
                label.htmlFor = select.id;
                select.append(options.content.cloneNode(true));
                select.value = face.personId == null ? "" : String(face.personId);
                select.addEventListener("change", () => {
                    face.personId = select.value ? Number(select.value) : null;
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
                    // Keep the place: the next face's name on this photo, or the Save button.
                    const next = list.querySelector("[data-face-select]") || form.querySelector("[data-face-save]");
                    next.focus();
                });
                row.append(label, select, remove);
                list.append(row);
                if (index === focusIndex) select.focus();
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
            if (event.button !== 0) return;
            event.preventDefault();
            canvas.setPointerCapture(event.pointerId);
            start = point(event);
            draft = document.createElement("span");
            draft.className = "face-box face-box--placed face-box--draft";
            position(draft, boxFrom(start, start));
            canvas.append(draft);
        });
        canvas.addEventListener("pointermove", (event) => {
            if (start) position(draft, boxFrom(start, point(event)));
        });
        const finish = (event) => {
            if (!start) return;
            const face = boxFrom(start, point(event));
            start = null;
            draft?.remove();
            if (face.width < MINIMUM || face.height < MINIMUM) return;
            faces.push(face);
            sync();
            render(faces.length - 1);
        };
        canvas.addEventListener("pointerup", finish);
        canvas.addEventListener("pointercancel", () => {
            start = null;
            draft?.remove();
        });
    }
    sync();
    render();
}

const form = document.querySelector("[data-face-editor]");
if (form) setUp(form);
