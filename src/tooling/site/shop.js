// The demo shop's cart lives in localStorage, so it survives page loads like a real shop's session.
const shop = {
  products: {
    monstera: {
      id: 'monstera',
      name: 'Monstera deliciosa',
      price: 24,
      blurb: 'Big split leaves; bright, indirect light.',
    },
    snake: { id: 'snake', name: 'Snake plant', price: 18.5, blurb: 'Thrives on neglect and low light.' },
    fig: { id: 'fig', name: 'Fiddle-leaf fig', price: 39, blurb: 'A statement tree for a sunny corner.' },
  },
  cart() {
    const ids = JSON.parse(localStorage.getItem('cart') || '{}');
    return Object.entries(ids).map(([id, qty]) => ({ ...shop.products[id], qty }));
  },
  add(id) {
    const ids = JSON.parse(localStorage.getItem('cart') || '{}');
    ids[id] = (ids[id] || 0) + 1;
    localStorage.setItem('cart', JSON.stringify(ids));
    shop.showCount();
  },
  clear() {
    localStorage.removeItem('cart');
  },
  total() {
    return shop.cart().reduce((sum, item) => sum + item.qty * item.price, 0);
  },
  euro(value) {
    return `€${value.toFixed(2)}`;
  },
  showCount() {
    const count = document.getElementById('count');
    if (count) count.textContent = String(shop.cart().reduce((n, item) => n + item.qty, 0));
  },
};
shop.showCount();
