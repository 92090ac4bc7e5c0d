#ifndef LAYOUTKIT_CLIBXML2_SHIM_H
#define LAYOUTKIT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, and its encoding.h then includes the system's <unicode/ucnv.h>,
 * whose UErrorCode clashes with the copy of ICU that Foundation ships when both are in one Swift
 * module. LayoutKit never touches the ICU converter fields (it refuses every encoding but UTF-8),
 * so the declarations are imported without them. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#endif
