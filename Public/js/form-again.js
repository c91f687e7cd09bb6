// A form shown again after a refused save, its mistakes beside their fields. A form names the page it lives on
// (data-form-page): the browser's history keeps that page's address as a plain visit, so a refresh shows the
// form afresh instead of sending it again, and never lands on an address that only takes a form. A form without
// it is left as the browser has it. The first mistake is brought into view with the cursor in its field.

const mistake = document.querySelector('[aria-invalid="true"], .field--error, .field__error:not([hidden])');
const form = mistake?.closest("form");
if (form) {
    if (form.dataset.formPage) {
        const page = new URL(form.dataset.formPage, window.location.href);
        if (page.origin === window.location.origin) {
            // The same page keeps its query (?next=, ?type=); a form living on another page takes that page's.
            const address = page.pathname === window.location.pathname ? window.location.href : page.href;
            window.history.replaceState(null, "", address);
        }
    }
    const field = mistake.matches("input, select, textarea")
        ? mistake
        : (mistake.closest(".field") ?? form).querySelector('[aria-invalid="true"], input:not([type=hidden]), select, textarea');
    (mistake.closest(".field") ?? mistake).scrollIntoView({ block: "center" });
    field?.focus({ preventScroll: true });
}
