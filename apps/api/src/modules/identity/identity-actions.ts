import type {
  AuthenticationResult,
  Challenge,
  codeDeliverySchema,
  IdentityAction,
  identityRequests,
  signUpResultSchema,
} from '@vaidya/contract/identity';
import type { z } from 'zod';

type Request<A extends IdentityAction> = z.output<(typeof identityRequests)[A]>;
type CodeDelivery = z.infer<typeof codeDeliverySchema>;
type Empty = Record<string, never>;
/** What each action answers with on success, as Cognito does. */
type Responses = {
  InitiateAuth: AuthenticationResult | Challenge;
  RespondToAuthChallenge: AuthenticationResult;
  SignUp: z.infer<typeof signUpResultSchema>;
  ConfirmSignUp: Empty;
  ResendConfirmationCode: CodeDelivery;
  ForgotPassword: CodeDelivery;
  ConfirmForgotPassword: Empty;
  GlobalSignOut: Empty;
  RevokeToken: Empty;
  ChangePassword: Empty;
};
/** The Cognito user-pool actions, one function each, named as the X-Amz-Target names them. */
export type IdentityActions = { [A in IdentityAction]: (request: Request<A>) => Promise<Responses[A]> };
