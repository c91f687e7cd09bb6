// A form shown again after a refused save, its mistakes beside their fields. The browser's history keeps the
// form's own address as a plain visit, so a refresh shows the form afresh instead of sending it again, and the
// first mistake is brought into view with the cursor in its field.

const first = document.querySelector('[aria-invalid="true"]');
const form = first?.closest("form");
if (form) {
    // A form on a page of its own posts to that page's address; one among others names the page it is on.
    const own = new URL(form.dataset.formPage ?? form.getAttribute("action") ?? "", window.location.href);
    if (own.origin === window.location.origin) {
        const address = own.pathname === window.location.pathname ? window.location.href : own.href;
        window.history.replaceState(null, "", address);
    }
    (first.closest(".field") ?? first).scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
}
