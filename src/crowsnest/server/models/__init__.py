"""Every message and body of the server's faces, declared once as pydantic models
(client ones strict and size-limited): the JSON Schemas and the docs' tables come
from them."""
