// Placeholder: the forms engineer replaces this with the real contact form.
export function ContactForm() {
  return <form aria-label="Kontaktní formulář" />;
}
