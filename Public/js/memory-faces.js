// Face boxes on a memory's photos: each <button data-face data-x data-y data-w data-h> is placed over its
// photo from the fractions (set through the style object, which the page's CSP allows), shows its name on
// hover or focus, and on a tap keeps it shown until another tap. Without it, the names are listed under
// each photo anyway.

function place(box) {
    const value = (name) => Math.min(1, Math.max(0, Number.parseFloat(box.dataset[name]) || 0));
    box.style.left = `${value("x") * 100}%`;
    box.style.top = `${value("y") * 100}%`;
    box.style.width = `${value("w") * 100}%`;
    box.style.height = `${value("h") * 100}%`;
    box.classList.add("face-box--placed");
}

const boxes = [...document.querySelectorAll("[data-face]")];
for (const box of boxes) {
    place(box);
    box.addEventListener("click", (event) => {
        event.stopPropagation();
        const open = box.getAttribute("aria-expanded") !== "true";
        for (const other of boxes) other.setAttribute("aria-expanded", "false");
        box.setAttribute("aria-expanded", String(open));
    });
}
document.addEventListener("click", () => {
    for (const box of boxes) box.setAttribute("aria-expanded", "false");
});
