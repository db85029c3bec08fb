/* Small DOM helpers of the card picker, and its settings kept on the phone. */
export function remembered(key) {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch (error) {
    return false;
  }
}

export function remember(key, on) {
  try {
    window.localStorage.setItem(key, on ? "1" : "0");
  } catch (error) {
    // A phone in private mode keeps no settings; the switch still works for this page.
  }
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) {
    node.className = className;
  }
  if (text) {
    node.textContent = text;
  }
  return node;
}

export function button(className, text, handler) {
  const node = element("button", className, text);
  node.type = "button";
  node.addEventListener("click", handler);
  return node;
}
