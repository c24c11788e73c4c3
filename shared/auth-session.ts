/** Where the auth endpoints live, relative to the site's origin. */
export const authApiPath = "/auth/v1";
