// Tags on a journal card, as chips. Without this script the form still works: the "Add tags" field is
// sent as it is and the hub splits it at commas. With it, Enter (or a comma) turns what was typed into a
// ticked chip, so several tags can be added one after another; unticking a chip removes its tag.

const input = document.querySelector("[data-tag-input]");
const choices = document.querySelector("[data-tag-choices]");

function normalise(text) {
    return text.trim().replace(/^#+/, "").replace(/\s+/g, " ").toLowerCase();
}

function addTag(name) {
    const tag = normalise(name);
    if (!tag) {
        return;
    }
    for (const box of choices.querySelectorAll("input[type=checkbox]")) {
        if (box.value === tag) {
            box.checked = true;
            return;
        }
    }
    const item = document.createElement("li");
    const label = document.createElement("label");
    label.className = "tag tag--choice";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "tags[]";
    box.value = tag;
    box.checked = true;
    label.append(box, " " + tag);
    item.append(label);
    choices.append(item);
}

function takeInput() {
    for (const piece of input.value.split(",")) {
        addTag(piece);
    }
    input.value = "";
}

if (input && choices) {
    input.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === ",") {
            event.preventDefault();
            takeInput();
        }
    });
    // Choosing a suggestion from the list adds it at once.
    input.addEventListener("change", () => {
        if (input.value.trim()) {
            takeInput();
        }
    });
}
