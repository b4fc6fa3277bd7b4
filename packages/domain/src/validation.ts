/** Field rules the forms share (docs/rules.md, "Forms"). */
export const phonePattern = /^\(\d{3}\)\d{3}-\d{4}$/;
// Deliberately simple (one @, a dot in the domain, no spaces): the same rule the login form applies.
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (value: string | null | undefined): boolean => value == null || value.trim() === '';
