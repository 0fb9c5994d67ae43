/**
 * Validation messages are translation keys of the `common` namespace, so the client shows the same
 * translated message for a field whether its own check or the server refused it.
 */
export const V = {
  emailRequired: 'validation.enterEmail',
  emailInvalid: 'validation.enterValidEmail',
  messageRequired: 'validation.enterMessage',
  messageTooLong: 'validation.messageTooLong',
  userNoteTooLong: 'validation.userNoteTooLong',
  noteTooLong: 'validation.noteTooLong',
  imageFormat: 'validation.imageFormat',
  imageTooLarge: 'validation.imageTooLarge',
  searchTooShort: 'validation.searchTooShort',
  searchTooLong: 'validation.searchTooLong',
  usernameOrEmailRequired: 'validation.enterUsernameOrEmail',
  passwordRequired: 'validation.enterPassword',
  passwordRule: 'validation.passwordRule',
  confirmRequired: 'validation.confirmPassword',
  passwordsDiffer: 'validation.passwordsDiffer',
  passwordSame: 'validation.passwordSame',
  codeRequired: 'validation.enterCode',
  codeFormat: 'validation.codeFormat',
  phoneRequired: 'validation.enterPhone',
  phoneInvalid: 'validation.phoneInvalid',
  inviteInvalid: 'validation.inviteInvalid',
  invalid: 'validation.invalid',
  amountRequired: 'validation.enterAmount',
  amountInvalid: 'validation.enterCorrectAmount',
  lotsRequired: 'validation.enterQuantity',
  lotsInvalid: 'validation.quantityInvalid',
  stopLossUnreasonable: 'validation.stopLossUnreasonable',
  takeProfitUnreasonable: 'validation.takeProfitUnreasonable',
} as const;
