export { createPdfAgreementDocuments } from './pdf-agreement-documents.js';
