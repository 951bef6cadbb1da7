import { type Handler, HttpError, message, ok } from '../api';
import { isEmail, optionalString } from '../validate';

const MIN_PASSWORD_LENGTH = 5;

/** GET /api/account: the account without its password. */
export const getAccount: Handler = ({ store }) => {
  const { password: _password, ...account } = store.account;
  return ok({ data: account });
};

/** PUT /api/account/update: changes email and/or password; the spec does not say which is required, so either is enough. */
export const updateAccount: Handler = ({ store, body }) => {
  const email = optionalString(body, 'email');
  const password = optionalString(body, 'password');
  if (email === undefined && password === undefined) {
    throw new HttpError(400, 'Send an email or a password to update.');
  }
  if (email !== undefined && !isEmail(email)) throw new HttpError(400, 'The email address is not valid.');
  if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
    throw new HttpError(400, `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (email !== undefined) store.account.email = email;
  if (password !== undefined) store.account.password = password;
  return message('Account has been updated successfully.');
};
