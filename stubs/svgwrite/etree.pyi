# svgwrite patches ElementTree's serialiser to write CDATA and re-exports the module.
from xml.etree import ElementTree as etree

__all__ = ["etree"]
