// Copy, share and print buttons: <button type="button" data-copy-target="#invite-url">Copy link</button>
// copies the target's value (inputs, textareas) or text, then says "Copied" for two seconds.
// Works over plain HTTP on a home network too, where navigator.clipboard is unavailable.

const COPIED_LABEL = "Copied";
const RESET_AFTER_MS = 2000;
const timers = new WeakMap();

function textOf(target) {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        return target.value;
    }
    return target.textContent.trim();
}

function copyBySelection(target, text) {
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
        target.focus();
        target.select();
        target.setSelectionRange(0, text.length);
        return document.execCommand("copy");
    }
    const range = document.createRange();
    range.selectNodeContents(target);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    const copied = document.execCommand("copy");
    selection.removeAllRanges();
    return copied;
}

async function copy(target) {
    const text = textOf(target);
    if (navigator.clipboard && window.isSecureContext) {
        try {
            await navigator.clipboard.writeText(text);
            return true;
        } catch {
            // fall through to the selection method
        }
    }
    return copyBySelection(target, text);
}

function announce(message) {
    let region = document.getElementById("copy-status");
    if (!region) {
        region = document.createElement("p");
        region.id = "copy-status";
        region.className = "visually-hidden";
        region.setAttribute("role", "status");
        document.body.append(region);
    }
    region.textContent = "";
    window.setTimeout(() => {
        region.textContent = message;
    }, 50);
}

function showCopied(button) {
    if (!button.dataset.copyLabel) {
        button.dataset.copyLabel = button.textContent;
    }
    button.textContent = COPIED_LABEL;
    button.classList.add("is-copied");
    window.clearTimeout(timers.get(button));
    timers.set(
        button,
        window.setTimeout(() => {
            button.textContent = button.dataset.copyLabel;
            button.classList.remove("is-copied");
        }, RESET_AFTER_MS),
    );
}

document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-copy-target]") : null;
    if (!button) {
        return;
    }
    const target = document.querySelector(button.dataset.copyTarget);
    if (!target) {
        return;
    }
    event.preventDefault();
    let copied = false;
    try {
        copied = await copy(target);
    } catch {
        copied = false;
    }
    if (copied) {
        showCopied(button);
        announce("Copied to the clipboard.");
    } else {
        // Leave the text selected so it can be copied by hand.
        if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
            target.focus();
            target.select();
        }
        announce("Could not copy automatically. The link is selected: copy it with your device’s Copy command.");
    }
});

// Share buttons: <button type="button" data-share-target="#invite-url" hidden>Share</button> opens the phone's
// share sheet with the target's value; shown only where the browser has one.
for (const button of document.querySelectorAll("[data-share-target]")) {
    if (navigator.share) {
        button.hidden = false;
    }
}

document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-share-target]") : null;
    if (!button || !navigator.share) {
        return;
    }
    const target = document.querySelector(button.dataset.shareTarget);
    if (!target) {
        return;
    }
    event.preventDefault();
    try {
        await navigator.share({ title: button.dataset.shareTitle || document.title, url: textOf(target) });
    } catch {
        // Closed without sharing: nothing to say.
    }
});

// Print buttons: <button type="button" data-print>Print this page</button>.
document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("[data-print]") : null;
    if (!button) {
        return;
    }
    event.preventDefault();
    window.print();
});
