// Record a voice card on the new-card page. The recorder panel inside the voice card form
// (<div data-journal-recorder data-upload-url="/api/journal/cards" hidden>) shows only where the browser
// can record; the form's plain file upload always works. The recording goes to the JSON API as multipart
// "file" with the form's drawer, title, day and tags (one "tags" part per tag), then the new card opens.

import { canRecord, setUpRecorder } from "./audio-recorder.js";

function fieldsOf(form) {
    const value = (name) => form.elements.namedItem(name)?.value?.trim() || "";
    const fields = [["drawerId", value("drawerId")]];
    if (value("day")) {
        fields.push(["createdAt", value("day")]);
    }
    for (const tag of value("newTags").split(",")) {
        if (tag.trim()) {
            fields.push(["tags", tag.trim()]);
        }
    }
    return fields;
}

const panel = document.querySelector("[data-journal-recorder]");
const form = panel?.closest("form");
if (panel && form && canRecord()) {
    setUpRecorder(panel, {
        noun: "voice card",
        requireTitle: false,
        titleInput: form.elements.namedItem("title"),
        fields: () => fieldsOf(form),
        saved: (xhr) => {
            const id = JSON.parse(xhr.responseText || "{}").id;
            window.location.assign(id ? `/journal/cards/${id}` : "/journal");
        },
    });
}
