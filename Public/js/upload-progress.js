// Upload progress for <form data-upload-progress> with file inputs. Without it the form posts as usual.
//
// Each chosen file goes up in turn, as its own request to the form's action with the same field names
// (and the form's other fields, _csrf included), so every file shows its own bar, and one file that the
// server refuses does not stop the others. When all are in, the page goes to the form's data-done-href,
// or reloads, so the new files show. A refused file keeps its message on screen instead.

const PROCESSING_LABEL = "Uploaded. Getting it ready…";

/// The server's own words for a failed request: the JSON API shape `{error: {message}}`, or the text of
/// an HTML error page (`.error-message`, an alert banner, or the error page's lead paragraph).
export function errorMessageFrom(xhr) {
    if (xhr.status === 0) {
        return "The connection was lost. Check that you are online, then try again.";
    }
    const text = xhr.responseText || "";
    try {
        const message = JSON.parse(text)?.error?.message;
        if (typeof message === "string" && message.trim()) {
            return message.trim();
        }
    } catch {
        // not JSON
    }
    try {
        const page = new DOMParser().parseFromString(text, "text/html");
        const element =
            page.querySelector(".error-message") ||
            page.querySelector("main [role=alert]") ||
            page.querySelector(".notice-page .lead");
        const message = element?.textContent.replace(/\s+/g, " ").trim();
        if (message) {
            return message;
        }
    } catch {
        // not HTML either
    }
    if (xhr.status === 413) {
        return "This file is too large to upload.";
    }
    return `The file could not be added (error ${xhr.status}). Please try again.`;
}

export function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) {
        node.className = className;
    }
    if (text !== undefined) {
        node.textContent = text;
    }
    return node;
}

export function sizeLabel(bytes) {
    if (bytes >= 1024 * 1024) {
        return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
    }
    return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/// One row in the list: the file's name, a bar, a percentage and a line of status.
function makeRow(file) {
    const row = el("li", "upload-item");
    const head = el("p", "upload-item__head");
    head.append(el("span", "upload-item__name", file.name), el("span", "upload-item__size", sizeLabel(file.size)));
    const bar = el("progress", "progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-label", `Uploading ${file.name}`);
    const status = el("p", "upload-item__status", "Waiting…");
    row.append(head, bar, status);
    return { row, bar, status };
}

function setStatus(ui, kind, text) {
    ui.row.dataset.state = kind;
    ui.status.replaceChildren();
    if (kind === "processing") {
        const spinner = el("span", "spinner");
        spinner.setAttribute("aria-hidden", "true");
        ui.status.append(spinner);
    }
    ui.status.append(document.createTextNode(text));
}

function send(form, fields, name, file, ui) {
    return new Promise((resolve) => {
        const body = new FormData();
        for (const [key, value] of fields) {
            body.append(key, value);
        }
        body.append(name, file, file.name);

        const xhr = new XMLHttpRequest();
        xhr.open("POST", form.action);
        xhr.setRequestHeader("Accept", "text/html, application/json");
        xhr.upload.addEventListener("progress", (event) => {
            if (event.lengthComputable) {
                const percent = Math.round((event.loaded / event.total) * 100);
                ui.bar.value = percent;
                setStatus(ui, "uploading", `${percent}% sent`);
            }
        });
        xhr.upload.addEventListener("load", () => {
            ui.bar.value = 100;
            setStatus(ui, "processing", PROCESSING_LABEL);
        });
        xhr.addEventListener("load", () => {
            if (xhr.status >= 200 && xhr.status < 300) {
                ui.bar.value = 100;
                setStatus(ui, "done", "Added.");
                resolve(true);
            } else {
                setStatus(ui, "error", errorMessageFrom(xhr));
                resolve(false);
            }
        });
        xhr.addEventListener("error", () => {
            setStatus(ui, "error", errorMessageFrom(xhr));
            resolve(false);
        });
        setStatus(ui, "uploading", "Starting…");
        xhr.send(body);
    });
}

function finishedWithErrors(form, list, added, total) {
    const summary = el("div", "upload-summary");
    summary.setAttribute("role", "alert");
    const text =
        added === 0
            ? "Nothing was added. The reason is shown next to each file."
            : `${added} of ${total} files were added. The reason is shown under each file that was not.`;
    summary.append(el("p", "", text));
    if (added > 0) {
        const more = el("a", "button button--secondary button--small", "Show what was added");
        more.href = form.dataset.doneHref || window.location.href;
        summary.append(more);
    }
    list.after(summary);

    // The form is usable again: choose other files and try again.
    delete form.dataset.uploading;
    delete form.dataset.submitting;
    for (const button of form.querySelectorAll("button")) {
        button.disabled = false;
        button.classList.remove("is-busy");
        button.removeAttribute("aria-busy");
    }
}

async function upload(form) {
    const inputs = [...form.querySelectorAll("input[type=file]")].filter((input) => input.name && !input.disabled);
    const files = inputs.flatMap((input) => [...input.files].map((file) => ({ name: input.name, file })));
    if (files.length === 0) {
        return false;
    }

    // Every other field goes with every file: _csrf, a title…
    const fields = [...new FormData(form)].filter(([key, value]) => !(value instanceof File) && !inputs.some((input) => input.name === key));

    form.querySelector(".upload-progress")?.remove();
    form.querySelector(".upload-summary")?.remove();
    const box = el("div", "upload-progress");
    const heading = el("p", "upload-progress__heading", files.length === 1 ? "Uploading 1 file" : `Uploading ${files.length} files`);
    const list = el("ul", "upload-list");
    box.append(heading, list);
    box.setAttribute("role", "status");
    (form.querySelector(".actions") || form.lastElementChild).after(box);

    const rows = files.map(({ file }) => {
        const ui = makeRow(file);
        list.append(ui.row);
        return ui;
    });
    for (const button of form.querySelectorAll("button")) {
        button.disabled = true;
    }

    let added = 0;
    for (const [index, { name, file }] of files.entries()) {
        heading.textContent = files.length === 1 ? "Uploading 1 file" : `Uploading file ${index + 1} of ${files.length}`;
        if (await send(form, fields, name, file, rows[index])) {
            added += 1;
        }
    }

    if (added === files.length) {
        heading.textContent = files.length === 1 ? "Done. Showing it now…" : `All ${files.length} added. Showing them now…`;
        const done = form.dataset.doneHref;
        if (done) {
            window.location.assign(done);
        } else {
            window.location.reload();
        }
    } else {
        heading.textContent = "Finished, with problems";
        finishedWithErrors(form, list, added, files.length);
    }
    return true;
}

document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-upload-progress")) {
        return;
    }
    if (typeof XMLHttpRequest === "undefined" || typeof FormData === "undefined") {
        return; // the ordinary form post still works
    }
    event.preventDefault();
    if (form.dataset.uploading === "true") {
        return;
    }
    form.dataset.uploading = "true";
    upload(form).then((started) => {
        if (!started) {
            delete form.dataset.uploading;
        }
    });
});

// Leaving in the middle of an upload would lose it: ask first.
window.addEventListener("beforeunload", (event) => {
    if (document.querySelector("form[data-uploading] .upload-item[data-state=uploading]")) {
        event.preventDefault();
        event.returnValue = "";
    }
});
