export type MessageChannel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address or a mobile number, as the channel needs. */
  to: string;
  subject?: string;
  text: string;
  partnerId?: string;
}

/** The messaging port: identity codes now, WhatsApp prescriptions and bills later. */
export interface Messenger {
  send(message: OutgoingMessage): Promise<void>;
}
