# Wyatt Earp's encoding of a seat's view (docs/encodings.md): FEATURES in encoding.pyx, written in this order.
from deadeye.core.encoder cimport Encoder
from deadeye.core.wyatt_earp.data cimport WyattEarpData

cdef void encode_view(const WyattEarpData* v, int seat, Encoder* e) noexcept nogil
