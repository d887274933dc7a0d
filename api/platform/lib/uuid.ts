const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a UUID (any version, either case): what device ids and client ids are. */
export const isUuid = (text: string) => UUID.test(text);
