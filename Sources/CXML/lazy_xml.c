/* libxml2, loaded on first use: see CLibraryLoader's lazy_loader.c. */
#include "tabstage_xml.h"
#include "tabstage_lazy.h"

TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_XML2, xmlSetStructuredErrorFunc, (void *ctx, xmlStructuredErrorFunc handler), (ctx, handler))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_XML2, xmlInitParser, (void), ())
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, xmlParserCtxtPtr, xmlCreatePushParserCtxt,
                    (xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size, const char *filename),
                    (sax, user_data, chunk, size, filename))
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, int, xmlCtxtUseOptions, (xmlParserCtxtPtr ctxt, int options), (ctxt, options))
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, int, xmlParseChunk, (xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate),
                    (ctxt, chunk, size, terminate))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_XML2, xmlStopParser, (xmlParserCtxtPtr ctxt), (ctxt))
TABSTAGE_TRAMPOLINE_VOID(TABSTAGE_XML2, xmlFreeParserCtxt, (xmlParserCtxtPtr ctxt), (ctxt))
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, int, xmlSAX2GetLineNumber, (void *ctx), (ctx))
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, xmlEntityPtr, xmlSAX2GetEntity, (void *ctx, const xmlChar *name), (ctx, name))
TABSTAGE_TRAMPOLINE(TABSTAGE_XML2, xmlEntityPtr, xmlGetPredefinedEntity, (const xmlChar *name), (name))
