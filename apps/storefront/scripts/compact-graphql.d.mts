export function compactDocument(document: string): string;
export function compactDocuments(code: string): string;
