#ifndef SEGUE_CLIBXML2_SHIM_H
#define SEGUE_CLIBXML2_SHIM_H

/* Debian builds libxml2 with ICU, whose headers clash with the ICU copy inside Foundation.
   Segue never touches libxml2's ICU converters, so hide them from Swift. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/catalog.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <libxml/xmlsave.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>

/* xmlFree is a global function pointer; call it through a function so Swift sees no shared state. */
static inline void segue_xml_free(void *pointer) { xmlFree(pointer); }

#endif
