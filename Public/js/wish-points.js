// The wish sheet counts for her: as she types points into the boxes, the line by the "Save" button says how many
// are left ("350 points left of 1,000"), or, once she goes over, what she gave, in the hub's error style. The same
// words as the hub's own check (WishRules.pointsText), so what she reads before saving is what saving would say.

const budgetBox = document.querySelector("[data-wish-budget]");
if (budgetBox) {
    const budget = Number(budgetBox.dataset.wishBudget);
    const count = budgetBox.querySelector(".wish-budget__count");
    const inputs = Array.from(document.querySelectorAll("input.wish-points"));
    const grouped = (n) => n.toLocaleString("en-US");
    const points = (n) => `${grouped(n)} point${n === 1 ? "" : "s"}`;

    function update() {
        const given = inputs.reduce((total, input) => {
            const value = Number.parseInt(input.value, 10);
            return total + (Number.isFinite(value) && value > 0 ? value : 0);
        }, 0);
        const over = given > budget;
        count.textContent = over
            ? `You gave ${points(given)}, ${grouped(given - budget)} more than the ${grouped(budget)} you have. `
              + "Take some from the things that matter less."
            : `${points(budget - given)} left of ${grouped(budget)}`;
        count.classList.toggle("field__error", over);
        budgetBox.classList.toggle("wish-budget--over", over);
    }

    for (const input of inputs) input.addEventListener("input", update);
    update();
}
