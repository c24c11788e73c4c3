/** A form submission as the administration API sends it and the administration page reads it. */
export type Submission = {
  id: string;
  created_at: string;
  form_type: string;
  name: string;
  email: string;
  phone: string | null;
  service_type: string | null;
  message: string | null;
  privacy_consent: boolean;
};
