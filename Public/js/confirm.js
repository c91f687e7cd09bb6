// Progressive enhancement for forms. Everything works without it: destructive actions already go
// through a server-rendered confirmation page.
//
// - <form data-confirm="Withdraw this invitation?"> asks once before submitting.
// - Every POST form ignores a second submit while the first is on its way, so a double tap on a
//   phone does not send the same thing twice. Its submit button says it is working.

const BUSY_RESET_MS = 8000;

document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) {
        return;
    }

    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
        event.preventDefault();
        return;
    }

    if ((form.getAttribute("method") || "get").toLowerCase() !== "post") {
        return;
    }
    if (form.dataset.submitting === "true") {
        event.preventDefault();
        return;
    }
    form.dataset.submitting = "true";

    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector("button[type=submit], button:not([type])");
    if (button) {
        button.classList.add("is-busy");
        button.setAttribute("aria-busy", "true");
    }

    // If the page stays (a slow network, or the user stops loading), let them try again.
    window.setTimeout(() => reset(form), BUSY_RESET_MS);
});

function reset(form) {
    delete form.dataset.submitting;
    for (const button of form.querySelectorAll(".is-busy")) {
        button.classList.remove("is-busy");
        button.removeAttribute("aria-busy");
    }
}

// Coming back with the Back button restores the page from memory: make its forms usable again.
window.addEventListener("pageshow", (event) => {
    if (event.persisted) {
        for (const form of document.querySelectorAll("form[data-submitting]")) {
            reset(form);
        }
    }
});
