const OPEN_CHATBOT_EVENT = 'cityquest:open-chatbot';

/** Opens the help chatbot from any screen; features do not import each other, so the request travels as an event. */
export function openChatbot(): void {
  window.dispatchEvent(new Event(OPEN_CHATBOT_EVENT));
}

/** Calls `listener` whenever a screen asks for the help chatbot; returns the unsubscribe function. */
export function onOpenChatbot(listener: () => void): () => void {
  window.addEventListener(OPEN_CHATBOT_EVENT, listener);
  return () => window.removeEventListener(OPEN_CHATBOT_EVENT, listener);
}
