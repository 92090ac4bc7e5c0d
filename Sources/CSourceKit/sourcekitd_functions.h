#ifndef LAYOUTKIT_CSOURCEKIT_SOURCEKITD_FUNCTIONS_H
#define LAYOUTKIT_CSOURCEKIT_SOURCEKITD_FUNCTIONS_H

/* The part of sourcekitd's C interface that LayoutKit calls, as the types of the functions it looks up
 * with dlsym in the toolchain's libsourcekitdInProc.so: nothing links against sourcekitd, so this header
 * declares types only. The shapes are those of the toolchain's SourceKit/sourcekitd.h; a variant is a
 * 24-byte value passed and returned by value, which Swift can only call through a C declaration. */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void *sourcekitd_object_t;
typedef void *sourcekitd_response_t;
typedef struct sourcekitd_uid_s *sourcekitd_uid_t;

typedef struct {
    uint64_t data[3];
} sourcekitd_variant_t;

typedef enum {
    SOURCEKITD_VARIANT_TYPE_NULL = 0,
    SOURCEKITD_VARIANT_TYPE_DICTIONARY = 1,
    SOURCEKITD_VARIANT_TYPE_ARRAY = 2,
    SOURCEKITD_VARIANT_TYPE_INT64 = 3,
    SOURCEKITD_VARIANT_TYPE_STRING = 4,
    SOURCEKITD_VARIANT_TYPE_UID = 5,
    SOURCEKITD_VARIANT_TYPE_BOOL = 6,
    SOURCEKITD_VARIANT_TYPE_DOUBLE = 7,
    SOURCEKITD_VARIANT_TYPE_DATA = 8,
} sourcekitd_variant_type_t;

typedef void (*sourcekitd_initialize_f)(void);
typedef sourcekitd_object_t (*sourcekitd_request_create_from_yaml_f)(const char *yaml, char **error);
typedef void (*sourcekitd_request_release_f)(sourcekitd_object_t object);
typedef sourcekitd_object_t (*sourcekitd_request_dictionary_create_f)(
    const sourcekitd_uid_t *keys, const sourcekitd_object_t *values, size_t count);
typedef void (*sourcekitd_request_dictionary_set_uid_f)(
    sourcekitd_object_t dictionary, sourcekitd_uid_t key, sourcekitd_uid_t uid);
typedef void (*sourcekitd_request_dictionary_set_stringbuf_f)(
    sourcekitd_object_t dictionary, sourcekitd_uid_t key, const char *buffer, size_t length);
typedef void (*sourcekitd_request_dictionary_set_int64_f)(
    sourcekitd_object_t dictionary, sourcekitd_uid_t key, int64_t value);
typedef void (*sourcekitd_request_dictionary_set_value_f)(
    sourcekitd_object_t dictionary, sourcekitd_uid_t key, sourcekitd_object_t value);
typedef sourcekitd_object_t (*sourcekitd_request_array_create_f)(const sourcekitd_object_t *objects, size_t count);
/// `index` SOURCEKITD_ARRAY_APPEND, (size_t)-1, appends.
typedef void (*sourcekitd_request_array_set_stringbuf_f)(
    sourcekitd_object_t array, size_t index, const char *buffer, size_t length);
typedef sourcekitd_response_t (*sourcekitd_send_request_sync_f)(sourcekitd_object_t request);
typedef void (*sourcekitd_response_dispose_f)(sourcekitd_response_t response);
typedef bool (*sourcekitd_response_is_error_f)(sourcekitd_response_t response);
typedef char *(*sourcekitd_response_description_copy_f)(sourcekitd_response_t response);
typedef sourcekitd_variant_t (*sourcekitd_response_get_value_f)(sourcekitd_response_t response);

typedef sourcekitd_uid_t (*sourcekitd_uid_get_from_cstr_f)(const char *string);
typedef const char *(*sourcekitd_uid_get_string_ptr_f)(sourcekitd_uid_t uid);

typedef sourcekitd_variant_type_t (*sourcekitd_variant_get_type_f)(sourcekitd_variant_t value);
typedef sourcekitd_variant_t (*sourcekitd_variant_dictionary_get_value_f)(
    sourcekitd_variant_t dictionary, sourcekitd_uid_t key);
typedef size_t (*sourcekitd_variant_array_get_count_f)(sourcekitd_variant_t array);
typedef sourcekitd_variant_t (*sourcekitd_variant_array_get_value_f)(sourcekitd_variant_t array, size_t index);
typedef int64_t (*sourcekitd_variant_int64_get_value_f)(sourcekitd_variant_t value);
typedef bool (*sourcekitd_variant_bool_get_value_f)(sourcekitd_variant_t value);
typedef size_t (*sourcekitd_variant_string_get_length_f)(sourcekitd_variant_t value);
typedef const char *(*sourcekitd_variant_string_get_ptr_f)(sourcekitd_variant_t value);
typedef sourcekitd_uid_t (*sourcekitd_variant_uid_get_value_f)(sourcekitd_variant_t value);
/// Called for each key and value of a dictionary, in order, until it returns false.
typedef bool (*sourcekitd_variant_dictionary_applier_f_t)(
    sourcekitd_uid_t key, sourcekitd_variant_t value, void *context);
typedef bool (*sourcekitd_variant_dictionary_apply_f_f)(
    sourcekitd_variant_t dictionary, sourcekitd_variant_dictionary_applier_f_t applier, void *context);

#endif
